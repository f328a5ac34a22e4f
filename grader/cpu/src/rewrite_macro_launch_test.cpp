// Launches inside #define bodies: rewritten where that is sound, refused with the #define's line where
// it is not, and never confused with a `<<<` in a string or a comment.
#include <gtest/gtest.h>
#include <kitcpu/rewrite.h>

#include <sstream>

namespace kitcpu {
namespace {

// The rewritten source without the three prologue lines every output starts with.
std::string rewritten_body(const std::string& source) {
  const std::string out = rewrite_cuda_source(source, "student.cu");
  std::size_t body = 0;
  for (int line = 0; line < 3; ++line) body = out.find('\n', body) + 1;
  return out.substr(body);
}

std::string launch_prefix(const std::string& name_literal, const std::string& name) {
  return "::kitcpu::launch(__FILE__, __LINE__, " + name_literal + ", [&](auto&&... kitcpu_args) { " + name +
         "(kitcpu_args...); }, ";
}

TEST(RewriteMacroLaunch, ObjectLikeMacro) {
  EXPECT_EQ(rewritten_body("#define LAUNCH k<<<grid, block>>>(a, b)\nvoid f() { LAUNCH; }\n"),
            "#define LAUNCH " + launch_prefix("\"k\"", "k") + "grid, block)(a, b)\nvoid f() { LAUNCH; }\n");
}

TEST(RewriteMacroLaunch, ParametersNameTheKernelAndHoldTheConfiguration) {
  EXPECT_EQ(
      rewritten_body("#define LAUNCH(kernel, n, ...) kernel<<<(n + 255) / 256, 256>>>(__VA_ARGS__)\n"),
      "#define LAUNCH(kernel, n, ...) " + launch_prefix("#kernel", "kernel") + "(n + 255) / 256, 256)(__VA_ARGS__)\n");
  EXPECT_EQ(rewritten_body("#define RUN(config) fill<float><<<config>>>(p)\n"),
            "#define RUN(config) " + launch_prefix("\"fill<float>\"", "fill<float>") + "config)(p)\n");
  EXPECT_EQ(rewritten_body("#define RUN(T) fill<T><<<1, 1>>>(p)\n"),
            "#define RUN(T) " + launch_prefix("\"fill<\" #T \">\"", "fill<T>") + "1, 1)(p)\n");
}

TEST(RewriteMacroLaunch, ContinuedLinesStayContinuedAndCounted) {
  const std::string source =
      "#define LAUNCH(k) \\\n"
      "  k<<<grid, \\\n"
      "      block>>>(a, \\\n"
      "               b)\n"
      "int next;\n";
  const std::string out = rewritten_body(source);
  EXPECT_EQ(out, "#define LAUNCH(k) \\\n  " + launch_prefix("#k", "k") +
                     "grid, \\\n      block)(a, \\\n               b)\nint next;\n");
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
}

TEST(RewriteMacroLaunch, KernelNameOverContinuedLinesKeepsTheDirectiveGoing) {
  const std::string out = rewritten_body("#define L k<float, \\\n  4><<<1, 1>>>()\nint next;\n");
  EXPECT_EQ(out, "#define L " + launch_prefix("\"k<float, 4>\"", "k<float, 4>") + "\\\n1, 1)()\nint next;\n");
}

TEST(RewriteMacroLaunch, ChevronsInStringsAndCommentsAreNotLaunches) {
  const std::string source =
      "#define MSG \"k<<<1, 1>>>()\"\n"
      "#define NOTE(x) puts(#x \" <<<\") /* k<<<1, 1>>>() */ // k<<<\n";
  EXPECT_EQ(rewritten_body(source), source);
}

int refused_line(const std::string& source, std::string* message) {
  try {
    rewrite_cuda_source(source, "student.cu");
  } catch (const RewriteError& e) {
    *message = e.what();
    return e.line;
  }
  return 0;
}

TEST(RewriteMacroLaunch, WhatCannotBeRewrittenIsRefusedWithTheDefinesLine) {
  std::string message;
  EXPECT_EQ(refused_line("int a;\n#define OPEN k<<<1, 1>>>\n", &message), 2);
  EXPECT_EQ(message.rfind("a kernel launch inside #define on line 2: the CPU backend cannot run it (", 0), 0u)
      << message;
  EXPECT_NE(message.find("); write the launch in the function"), std::string::npos) << message;
  EXPECT_EQ(refused_line("#define PASTE(n) kernel_##n<<<1, 1>>>()\n", &message), 1);
  EXPECT_EQ(refused_line("#define HALF k<<<1, 1\n", &message), 1);
  EXPECT_EQ(refused_line("#define NAMELESS(...) __VA_ARGS__<<<1, 1>>>()\n", &message), 1);
  EXPECT_EQ(refused_line("\n\n#define ONE k<<<1>>>()\n", &message), 3);
}

}  // namespace
}  // namespace kitcpu
