#include "source_scanner.h"

#include <gtest/gtest.h>

#include <kitcpu/rewrite.h>

namespace kitcpu::detail {
namespace {

std::vector<std::string> texts(const std::string& source) {
  std::vector<std::string> out;
  for (const Token& t : scan_cuda_source(source)) out.emplace_back(token_text(source, t));
  return out;
}

TEST(SourceScanner, ChevronsAreOneToken) {
  EXPECT_EQ(texts("k<<<g, b>>>(x >> 1);"),
            (std::vector<std::string>{"k", "<<<", "g", ",", "b", ">>>", "(", "x", ">>", "1", ")", ";"}));
}

TEST(SourceScanner, CommentsAndDirectivesProduceNoTokens) {
  EXPECT_EQ(texts("#include \"a//b.h\"\n#define K(x) k<<<1, 1>>>(x)\na /* k<<<1,1>>>() */ b // k<<<\nc"),
            (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(texts("#define LONG \\\n  continued<<<\nx"), (std::vector<std::string>{"x"}));
  EXPECT_EQ(texts("#if 0 /* spans\nlines */\ny"), (std::vector<std::string>{"y"}));
}

TEST(SourceScanner, LiteralsAreOpaque) {
  EXPECT_EQ(texts(R"(printf("k<<<1,1>>>() \" %d\n", 'x', '\''); )"),
            (std::vector<std::string>{"printf", "(", "\"k<<<1,1>>>() \\\" %d\\n\"", ",", "'x'", ",", "'\\''", ")",
                                      ";"}));
  EXPECT_EQ(texts("auto s = R\"x(a\n)\" <<< )x\"; u8\"t\" L'c'"),
            (std::vector<std::string>{"auto", "s", "=", "R\"x(a\n)\" <<< )x\"", ";", "u8\"t\"", "L'c'"}));
}

TEST(SourceScanner, NumbersKeepSeparatorsAndExponents) {
  EXPECT_EQ(texts("1'000'000 1.5e-3f 0x1p+4 .5"), (std::vector<std::string>{"1'000'000", "1.5e-3f", "0x1p+4", ".5"}));
}

TEST(SourceScanner, LinesAreCounted) {
  const std::string source = "a\n/* one\ntwo */ b\nc \\\nd\n\"s\" e";
  const std::vector<Token> tokens = scan_cuda_source(source);
  ASSERT_EQ(tokens.size(), 6u);
  EXPECT_EQ(tokens[0].line, 1);  // a
  EXPECT_EQ(tokens[1].line, 3);  // b
  EXPECT_EQ(tokens[2].line, 4);  // c
  EXPECT_EQ(tokens[3].line, 5);  // d
  EXPECT_EQ(tokens[5].line, 6);  // e
}

TEST(SourceScanner, UnterminatedConstructsAreErrors) {
  try {
    scan_cuda_source("a\nb /* never closed");
    FAIL() << "expected a RewriteError";
  } catch (const RewriteError& e) {
    EXPECT_EQ(e.line, 2);
  }
  EXPECT_THROW(scan_cuda_source("x = \"open\n\";"), RewriteError);
  EXPECT_THROW(scan_cuda_source("R\"d(never"), RewriteError);
}

}  // namespace
}  // namespace kitcpu::detail
