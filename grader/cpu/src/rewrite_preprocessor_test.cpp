// A file that could tell the CPU backend from nvcc is refused at the line that does it; ordinary
// preprocessor use, comments and strings are not.
#include <gtest/gtest.h>
#include <kitcpu/rewrite.h>

namespace kitcpu {
namespace {

// The RewriteError's line and message, or line 0 when the file is accepted.
struct Refusal {
  int line = 0;
  std::string message;
};

Refusal refusal(const std::string& source) {
  try {
    rewrite_cuda_source(source, "student.cu");
  } catch (const RewriteError& e) {
    return {e.line, e.what()};
  }
  return {};
}

bool mentions(const Refusal& r, const std::string& text) { return r.message.find(text) != std::string::npos; }

TEST(RewritePreprocessor, TestsOfNvccsMacrosAreRefusedWithTheLine) {
  const Refusal r = refusal("int a;\n#ifdef __CUDACC__\nint b;\n#else\nint c;\n#endif\n");
  EXPECT_EQ(r.line, 2);
  EXPECT_EQ(r.message,
            "the CPU backend must run the same code nvcc compiles: remove the test of __CUDACC__ on line 2 (nvcc "
            "defines it and the CPU backend does not, so the two would compile different code)");
  EXPECT_EQ(refusal("#ifndef __CUDA_ARCH__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("\n#if defined(__NVCC__) && 1\n#endif\n").line, 2);
  EXPECT_EQ(refusal("#if 1\n#elif __CUDA_ARCH__ >= 700\n#endif\n").line, 2);
  EXPECT_EQ(refusal("#if __CUDACC_VER_MAJOR__ > 12\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef __CUDA_ARCH_LIST__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#if defined __CUDACC_RDC__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef __CUDA_RUNTIME_H__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef cudaHostAllocMapped\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef __noinline__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef CUDART_VERSION\n#endif\n").line, 1);
}

TEST(RewritePreprocessor, TestsOfTheBackendsAndTheBuildsMacrosAreRefused) {
  const Refusal kit = refusal("#ifdef KITCPU_BACKEND\n#endif\n");
  EXPECT_EQ(kit.line, 1);
  EXPECT_TRUE(mentions(kit, "the CPU backend defines it and nvcc does not")) << kit.message;
  EXPECT_EQ(refusal("#if defined(threadIdx)\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef __syncthreads\n#endif\n").line, 1);
  const Refusal sanitizer = refusal("#ifdef __SANITIZE_ADDRESS__\n#endif\n");
  EXPECT_TRUE(mentions(sanitizer, "checking builds")) << sanitizer.message;
  EXPECT_EQ(refusal("#ifndef __OPTIMIZE__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#ifdef _REENTRANT\n#endif\n").line, 1);
  const Refusal standard = refusal("#ifdef INT32_MAX\n#endif\n");
  EXPECT_TRUE(mentions(standard, "different standard headers")) << standard.message;
  EXPECT_EQ(refusal("#ifdef stdout\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#if ATOMIC_INT_LOCK_FREE == 2\n#endif\n").line, 1);
}

TEST(RewritePreprocessor, HasIncludeOfAnythingButAStandardHeaderIsRefused) {
  const Refusal kit = refusal("#if __has_include(<kitcpu/kitcpu.h>)\n#endif\n");
  EXPECT_EQ(kit.line, 1);
  EXPECT_TRUE(mentions(kit, "remove __has_include(kitcpu/kitcpu.h) on line 1")) << kit.message;
  EXPECT_EQ(refusal("#if 0\n#elif __has_include(\"cuda.h\")\n#endif\n").line, 2);
  EXPECT_EQ(refusal("#if defined(__has_include) && __has_include_next(<cuda_runtime.h>)\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#define HAVE_KIT __has_include(<kitcpu/launch.h>)\n").line, 1);
  EXPECT_EQ(refusal("#if __has_include(<cstdio>) && __has_include(<math.h>)\n#endif\n").line, 0);
}

TEST(RewritePreprocessor, TestsHiddenInMacrosAreRefused) {
  EXPECT_EQ(refusal("#define ON_GPU defined(__CUDACC__)\n#if ON_GPU\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#define ON_CPU (defined KITCPU_BACKEND)\n").line, 1);
  EXPECT_EQ(refusal("#define ARCH __CUDA_ARCH__\n#if ARCH\n#endif\n").line, 1);
}

TEST(RewritePreprocessor, DirectivesWrittenOddlyAreStillSeen) {
  EXPECT_EQ(refusal("# /* hidden */ ifdef __CUDACC__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("%:ifdef __CUDACC__\n%:endif\n").line, 1);
  EXPECT_EQ(refusal("  #  if \\\n  defined(__CUDA_ARCH__)\n#endif\n").line, 2);
  EXPECT_EQ(refusal("#ifdef __CUDA\\\nCC__\n#endif\n").line, 1);
  EXPECT_EQ(refusal("#if\\\ndef __CUDACC__\n#endif\n").line, 1);
}

TEST(RewritePreprocessor, TheBackendsOwnNamesAndHeadersAreRefused) {
  const Refusal header = refusal("#include <cstdio>\n#include <kitcpu/launch.h>\n");
  EXPECT_EQ(header.line, 2);
  EXPECT_TRUE(mentions(header, "the CPU backend's own headers are not CUDA")) << header.message;
  EXPECT_EQ(refusal("#include \"../../grader/cpu/include/kitcpu/detail/execution_context.h\"\n").line, 1);
  const Refusal name = refusal("void f() {\n  ::kitcpu::detail::record_error(cudaSuccess);\n}\n");
  EXPECT_EQ(name.line, 2);
  EXPECT_TRUE(mentions(name, "the CPU backend's own names are not CUDA: remove kitcpu on line 2")) << name.message;
  EXPECT_EQ(refusal("int x = KITCPU_BARRIER_SITE;\n").line, 1);
  EXPECT_EQ(refusal("const char* f = __BASE_FILE__;\n").line, 1);
}

TEST(RewritePreprocessor, LineDirectivesAreRefused) {
  const Refusal line = refusal("int a;\n#line 100 \"harness.cpp\"\n");
  EXPECT_EQ(line.line, 2);
  EXPECT_TRUE(mentions(line, "remove the #line directive on line 2")) << line.message;
  EXPECT_EQ(refusal("# 7 \"other.cu\"\n").line, 1);
}

TEST(RewritePreprocessor, OrdinaryPreprocessingIsAccepted) {
  const std::string source =
      "#include <cstdio>\n"
      "#include <cuda_runtime.h>\n"
      "#ifndef TILE_WIDTH\n"
      "#define TILE_WIDTH 16\n"
      "#endif\n"
      "#if TILE_WIDTH > 32 || !defined(BLOCK_ROWS)\n"
      "#define BLOCK_ROWS 8\n"
      "#elif __cplusplus >= 201703L && __GNUC__ > 4\n"
      "#endif\n"
      "#ifdef CUDA_CHECK\n"
      "#undef CUDA_CHECK\n"
      "#endif\n"
      "#ifndef cudaCheck\n"
      "#define cudaCheck(call) do { if ((call) != cudaSuccess) return 1; } while (0)\n"
      "#endif\n"
      "#ifdef cudaStreamDefault\n"
      "#endif\n"
      "#define IDX (blockIdx.x * blockDim.x + threadIdx.x)\n"
      "#define SYNC __syncthreads()\n"
      "#pragma unroll\n"
      "#error don't mention __CUDACC__ here\n"
      "#warning defined(__CUDA_ARCH__)\n";
  EXPECT_EQ(refusal(source).line, 0) << refusal(source).message;
}

TEST(RewritePreprocessor, CommentsAndLiteralsDoNotCount) {
  const std::string source =
      "// #ifdef __CUDACC__\n"
      "/* #if __CUDA_ARCH__\n"
      "   #endif */\n"
      "const char* s = \"#ifdef __CUDACC__ kitcpu __BASE_FILE__\";\n"
      "#define NOTE \"#ifdef KITCPU_BACKEND\" /* defined(__CUDACC__) */\n"
      "#if 0 // defined(__CUDACC__)\n"
      "#endif /* __CUDA_ARCH__ */\n";
  EXPECT_EQ(refusal(source).line, 0) << refusal(source).message;
}

}  // namespace
}  // namespace kitcpu
