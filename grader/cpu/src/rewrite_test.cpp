#include <kitcpu/rewrite.h>

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

namespace kitcpu {
namespace {

const std::string kRegistration =
    "[[maybe_unused]] static const bool kitcpu_student_file = ::kitcpu::detail::register_student_file(";
const std::string kHeader =
    "#include <kitcpu/kitcpu.h>\n" + kRegistration + "\"student.cu\");\n#line 1 \"student.cu\"\n";

// The rewritten source without the two header lines, which every output starts with.
std::string rewrite(const std::string& source) {
  const std::string out = rewrite_cuda_source(source, "student.cu");
  EXPECT_EQ(out.substr(0, kHeader.size()), kHeader);
  return out.substr(kHeader.size());
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string launch_prefix(const std::string& name) {
  return "::kitcpu::launch(__FILE__, __LINE__, \"" + name + "\", [&](auto&&... kitcpu_args) { " + name +
         "(kitcpu_args...); }, ";
}

int error_line(const std::string& source) {
  try {
    rewrite_cuda_source(source, "student.cu");
  } catch (const RewriteError& e) {
    return e.line;
  }
  ADD_FAILURE() << "no RewriteError for: " << source;
  return 0;
}

TEST(Rewrite, HeaderNamesTheDisplayPathEscaped) {
  EXPECT_EQ(rewrite_cuda_source("int x;\n", "student.cu"), kHeader + "int x;\n");
  EXPECT_EQ(rewrite_cuda_source("", "dir\\a \"b\".cu"), "#include <kitcpu/kitcpu.h>\n" + kRegistration +
                                                          "\"dir\\\\a \\\"b\\\".cu\");\n#line 1 \"dir\\\\a \\\"b\\\".cu\"\n");
}

TEST(Rewrite, PlainLaunch) {
  EXPECT_EQ(rewrite("void f() { k<<<grid, block>>>(a, b); }"),
            "void f() { " + launch_prefix("k") + "grid, block)(a, b); }");
}

TEST(Rewrite, LaunchWithSharedBytesAndStream) {
  EXPECT_EQ(rewrite("k<<<g, b, n * sizeof(float)>>>(x);"), launch_prefix("k") + "g, b, n * sizeof(float))(x);");
  EXPECT_EQ(rewrite("k<<<g, b, 0, stream>>>();"), launch_prefix("k") + "g, b, 0, stream)();");
}

TEST(Rewrite, TemplatedKernel) {
  EXPECT_EQ(rewrite("matmul<float, 16><<<g, b>>>(M, N, P, Width);"),
            launch_prefix("matmul<float, 16>") + "g, b)(M, N, P, Width);");
  EXPECT_EQ(rewrite("k<(N >> 1)><<<1, 1>>>();"), launch_prefix("k<(N>>1)>") + "1, 1)();");
  EXPECT_EQ(rewrite("k<A<int>><<<1, 1>>>();"), launch_prefix("k<A<int>>") + "1, 1)();");
  EXPECT_EQ(rewrite("k<T, TILE_WIDTH * 2><<<1, 1>>>();"), launch_prefix("k<T, TILE_WIDTH*2>") + "1, 1)();");
  EXPECT_EQ(rewrite("fill<Box<Box<int>>><<<1, 4>>>(p);"), launch_prefix("fill<Box<Box<int>>>") + "1, 4)(p);");
}

TEST(Rewrite, QualifiedKernelNames) {
  EXPECT_EQ(rewrite("ns::inner::k<<<1, 1>>>();"), launch_prefix("ns::inner::k") + "1, 1)();");
  EXPECT_EQ(rewrite("::k<<<1, 1>>>();"), launch_prefix("::k") + "1, 1)();");
  EXPECT_EQ(rewrite("ns::k<float><<<1, 1>>>();"), launch_prefix("ns::k<float>") + "1, 1)();");
}

TEST(Rewrite, NestedBracketsAndShiftsInConfigAndArguments) {
  EXPECT_EQ(rewrite("k<<<dim3((n + 15) >> 4, m[i]), dim3(16, 16)>>>(f(a, b[2]), x >> 1, y<<2);"),
            launch_prefix("k") + "dim3((n + 15) >> 4, m[i]), dim3(16, 16))(f(a, b[2]), x >> 1, y<<2);");
  EXPECT_EQ(rewrite("k<<<n >> 8, 256>>>(p);"), launch_prefix("k") + "n >> 8, 256)(p);");
  EXPECT_EQ(rewrite("k<<<(n+255)>>8,256>>>(p);"), launch_prefix("k") + "(n+255)>>8,256)(p);");
}

TEST(Rewrite, LaunchSpanningLinesKeepsEveryLine) {
  const std::string source =
      "void f() {\n"
      "  k<<<grid,\n"
      "      block>>>(a,\n"
      "               b);\n"
      "  next();\n"
      "}\n";
  const std::vector<std::string> out = lines(rewrite(source));
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[1], "  " + launch_prefix("k") + "grid,");
  EXPECT_EQ(out[2], "      block)(a,");
  EXPECT_EQ(out[3], "               b);");
  EXPECT_EQ(out[4], "  next();");
}

TEST(Rewrite, KernelNameSpanningLinesKeepsTheLineCount) {
  const std::vector<std::string> out = lines(rewrite("k<float,\n  4><<<1, 1>>>();\nnext();\n"));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], launch_prefix("k<float, 4>"));
  EXPECT_EQ(out[1], "1, 1)();");
  EXPECT_EQ(out[2], "next();");
}

TEST(Rewrite, LiteralsAndCommentsAreUntouched) {
  const std::string source =
      "void f() {\n"
      "  printf(\"k<<<1, 1>>>() __shared__ float x[4];\\n\"); // k<<<1, 1>>>()\n"
      "  /* __shared__ float y[4]; k<<<1,1>>>(); */ char c = '<';\n"
      "  const char* raw = R\"(k<<<1, 1>>>())\";\n"
      "#define SAY puts(\"k<<<1, 1>>>()\") /* k<<<1, 1>>>() */\n"
      "}\n";
  EXPECT_EQ(rewrite(source), source);
}

TEST(Rewrite, StaticSharedArraysBecomePerBlockStorage) {
  EXPECT_EQ(rewrite("__global__ void k() { __shared__ float As[TILE][TILE], Bs[TILE][TILE]; }"),
            "__global__ void k() { typedef float kitcpu_shared_As[TILE][TILE], kitcpu_shared_Bs[TILE][TILE]; "
            "auto& As = ::kitcpu::detail::block_shared<kitcpu_shared_As>([]{}, \"As\"); "
            "auto& Bs = ::kitcpu::detail::block_shared<kitcpu_shared_Bs>([]{}, \"Bs\"); "
            "::kitcpu::detail::end_of_kernel_body(); }");
}

TEST(Rewrite, SharedScalarsQualifiersAndAlignment) {
  EXPECT_EQ(rewrite("void f() { __shared__ int count; }"),
            "void f() { typedef int kitcpu_shared_count; "
            "auto& count = ::kitcpu::detail::block_shared<kitcpu_shared_count>([]{}, \"count\"); }");
  EXPECT_EQ(rewrite("void f() { volatile __shared__ unsigned int s[32]; }"),
            "void f() { typedef volatile unsigned int kitcpu_shared_s[32]; "
            "auto& s = ::kitcpu::detail::block_shared<kitcpu_shared_s>([]{}, \"s\"); }");
  EXPECT_EQ(rewrite("void f() { __shared__ __align__(16) float4 t[8]; }"),
            "void f() { typedef float4 kitcpu_shared_t[8]; "
            "auto& t = ::kitcpu::detail::block_shared<kitcpu_shared_t>([]{}, \"t\"); }");
  EXPECT_EQ(rewrite("void f() { __shared__ float* rows[4]; }"),
            "void f() { typedef float*kitcpu_shared_rows[4]; "
            "auto& rows = ::kitcpu::detail::block_shared<kitcpu_shared_rows>([]{}, \"rows\"); }");
}

TEST(Rewrite, SharedDeclarationAfterALabel) {
  EXPECT_EQ(rewrite("void f() { start: __shared__ int s[2]; }"),
            "void f() { start: typedef int kitcpu_shared_s[2]; "
            "auto& s = ::kitcpu::detail::block_shared<kitcpu_shared_s>([]{}, \"s\"); }");
}

TEST(Rewrite, MultiLineSharedDeclarationKeepsTheLineCount) {
  const std::vector<std::string> out = lines(rewrite("void f() {\n  __shared__ float a[4],\n    b[4];\n  x();\n}\n"));
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[3], "  x();");
}

TEST(Rewrite, SharedAtNamespaceScopeIsLeftToTheMacro) {
  EXPECT_EQ(rewrite("__shared__ float cache[256];\nnamespace n { __shared__ int s; }\n"),
            "__shared__ float cache[256];\nnamespace n { __shared__ int s; }\n");
}

TEST(Rewrite, ExternSharedBecomesDynamicSharedMemory) {
  EXPECT_EQ(rewrite("void f() { extern __shared__ float buf[]; }"),
            "void f() { float* const buf = ::kitcpu::detail::dynamic_shared<float>(); }");
  EXPECT_EQ(rewrite("void f() { extern __shared__ __align__(16) unsigned char raw[]; }"),
            "void f() { unsigned char* const raw = ::kitcpu::detail::dynamic_shared<unsigned char>(); }");
  EXPECT_EQ(rewrite("extern __shared__ int sdata[];\n"), "static ::kitcpu::detail::DynamicSharedArray<int> sdata;\n");
}

TEST(Rewrite, UnsupportedExternSharedIsAnError) {
  EXPECT_EQ(error_line("void f() {\n  extern __shared__ float a[], b[];\n}"), 2);
}

std::string error_text(const std::string& source) {
  try {
    rewrite_cuda_source(source, "student.cu");
  } catch (const RewriteError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no RewriteError for: " << source;
  return "";
}

// A primitive the backend lacks is named in the message, not left to the compiler's "was not declared".
TEST(Rewrite, UnsupportedWarpIntrinsicsAreNamed) {
  const std::string kernel = "__global__ void k(int* out) {\n  out[0] = __match_any_sync(0xffffffff, 1);\n}";
  EXPECT_EQ(error_line(kernel), 2);
  EXPECT_NE(error_text(kernel).find("the CPU backend does not support __match_any_sync"), std::string::npos);
  EXPECT_NE(error_text("__global__ void k(int* p) { p[0] = __shfl(p[0], 0); }").find("does not support __shfl "),
            std::string::npos);
  EXPECT_NE(error_text("#include <cooperative_groups.h>\n").find("does not support cooperative groups"),
            std::string::npos);
  // The primitives it runs, and the names in comments, strings and other identifiers, are not refused.
  EXPECT_NO_THROW(rewrite_cuda_source(
      "__global__ void k(int* p) { p[0] = __shfl_down_sync(0xffffffff, p[0], 1); __syncwarp(); }\n"
      "// __match_any_sync(\nconst char* s = \"__match_all_sync(\"; int __shfl_count = 0;\n",
      "student.cu"));
}

// Texture objects and inline PTX are valid CUDA too: named, and marked as valid CUDA the backend lacks, so
// the grading reports them as not checked rather than as the student's error.
TEST(Rewrite, TexturesAndInlineAssemblyAreNamedAsValidCuda) {
  const std::string texture = "__global__ void k(cudaTextureObject_t t, float* out) {\n  out[0] = tex1Dfetch<float>(t, 0);\n}";
  EXPECT_NE(error_text(texture).find("does not support texture and surface objects (cudaTextureObject_t)"),
            std::string::npos);
  const std::string ptx = "__global__ void k(float* p) {\n  float r;\n  asm(\"fma.rn.f32 %0, %1, %1, %1;\" : \"=f\"(r) : \"f\"(p[0]));\n}";
  EXPECT_EQ(error_line(ptx), 3);
  EXPECT_NE(error_text(ptx).find("does not support inline PTX assembly"), std::string::npos);
  EXPECT_NE(error_text("__global__ void k() { asm volatile(\"membar.gl;\"); }").find("inline PTX"), std::string::npos);
  try {
    rewrite_cuda_source(ptx, "student.cu");
  } catch (const RewriteError& e) {
    EXPECT_TRUE(e.unsupported);
  }
  // A refusal of something the student should change is not marked so.
  try {
    rewrite_cuda_source("void f() {\n  extern __shared__ float a[], b[];\n}", "student.cu");
  } catch (const RewriteError& e) {
    EXPECT_FALSE(e.unsupported);
  }
  EXPECT_NO_THROW(rewrite_cuda_source("int texture_count = 0; const char* s = \"tex2D(\"; // asm(\n", "student.cu"));
}

TEST(Rewrite, KernelBodiesEndWithTheMarker) {
  const std::string marker = "::kitcpu::detail::end_of_kernel_body(); ";
  EXPECT_EQ(rewrite("__global__ void k(int* p) { if (p) { return; } p[0] = 1; }"),
            "__global__ void k(int* p) { if (p) { return; } p[0] = 1; " + marker + "}");
  EXPECT_EQ(rewrite("template <class T, int N> __global__ void __launch_bounds__(256) k(T* p) {\n}\n"),
            "template <class T, int N> __global__ void __launch_bounds__(256) k(T* p) {\n" + marker + "}\n");
  EXPECT_EQ(rewrite("extern \"C\" __global__ void k() {}"), "extern \"C\" __global__ void k() {" + marker + "}");
  // Host and device functions, classes and namespaces get nothing.
  const std::string others =
      "namespace n { struct S { int f() { return 1; } }; __device__ int g() { return 2; } }\n"
      "__global__ void declared_only(int);\nvoid host() {}\n";
  EXPECT_EQ(rewrite(others), others);
}

TEST(Rewrite, EveryUnchangedLineKeepsItsNumber) {
  const std::string source =
      "#include <cstdio>\n"
      "#define TILE_WIDTH 16\n"
      "__global__ void matmul(const float* M, const float* N, float* P, int Width) {\n"
      "  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];\n"
      "  __shared__ float Nds[TILE_WIDTH]\n"
      "                      [TILE_WIDTH];\n"
      "  int Row = blockIdx.y * TILE_WIDTH + threadIdx.y;\n"
      "  /* a comment\n"
      "     over lines */\n"
      "  __syncthreads();\n"
      "}\n"
      "void launch(const float* M, const float* N, float* P, int Width) {\n"
      "  dim3 grid((Width + TILE_WIDTH - 1) / TILE_WIDTH,\n"
      "            (Width + TILE_WIDTH - 1) / TILE_WIDTH);\n"
      "  matmul<<<grid,\n"
      "           dim3(TILE_WIDTH, TILE_WIDTH)>>>(M, N,\n"
      "                                          P, Width);\n"
      "  printf(\"done\\n\");\n"
      "}\n";
  const std::vector<std::string> in = lines(source);
  const std::vector<std::string> out = lines(rewrite(source));
  ASSERT_EQ(out.size(), in.size());
  for (int n : {0, 1, 2, 6, 7, 8, 9, 11, 12, 13, 16, 17, 18}) EXPECT_EQ(out[n], in[n]) << "line " << n + 1;
  EXPECT_EQ(out[10], "::kitcpu::detail::end_of_kernel_body(); }");
  EXPECT_EQ(out[14], "  " + launch_prefix("matmul") + "grid,");
  EXPECT_EQ(out[15], "           dim3(TILE_WIDTH, TILE_WIDTH))(M, N,");
}

TEST(Rewrite, NoinlineBecomesTheGccAttribute) {
  EXPECT_EQ(rewrite("__device__ __noinline__ int f(int x);"), "__device__ __attribute__((noinline)) int f(int x);");
  const std::string attributes = "__attribute__((__noinline__)) void g(); [[gnu::__noinline__]] void h();";
  EXPECT_EQ(rewrite(attributes), attributes);
}

TEST(Rewrite, MalformedLaunchesAreErrorsAtTheirLine) {
  EXPECT_EQ(error_line("void f() {\n  k<<<grid>>>(x);\n}"), 2);
  EXPECT_EQ(error_line("void f() {\n\n  k<<<>>>();\n}"), 3);
  EXPECT_EQ(error_line("k<<<a, b, c, d, e>>>();"), 1);
  EXPECT_EQ(error_line("void f() {\n  k<<<g, b>>>;\n}"), 2);
  EXPECT_EQ(error_line("void f() {\n  k<<<g, b(x);\n}"), 2);
  EXPECT_EQ(error_line("<<<g, b>>>();"), 1);
  EXPECT_EQ(error_line("void f() { 3<<<g, b>>>(); }"), 1);
  EXPECT_EQ(error_line("void f() {\n  k<<<g, b>>>(x,\n   y;\n}"), 2);
}

TEST(Rewrite, ErrorMessagesSayWhatIsExpected) {
  try {
    rewrite_cuda_source("k<<<grid>>>(x);", "student.cu");
    FAIL();
  } catch (const RewriteError& e) {
    EXPECT_NE(std::string(e.what()).find("kernel<<<grid, block>>>"), std::string::npos);
  }
}

}  // namespace
}  // namespace kitcpu
