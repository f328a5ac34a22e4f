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

TEST(SourceScanner, DirectivesAreListedWithTheirNamesAndLines) {
  const std::string source =
      "#include <a.h>\n"
      "int x;\n"
      "  # /* c */ ifdef A\n"
      "%:endif\n"
      "#def\\\nine B \\\n  1\n"
      "#\n"
      "# 12 \"f.cu\"\n";
  std::vector<Directive> directives;
  scan_cuda_source(source, &directives);
  ASSERT_EQ(directives.size(), 6u);
  const std::vector<std::string> names = {"include", "ifdef", "endif", "define", "", ""};
  const std::vector<int> lines = {1, 3, 4, 5, 8, 9};
  for (std::size_t i = 0; i < directives.size(); ++i) {
    EXPECT_EQ(directives[i].name, names[i]) << i;
    EXPECT_EQ(directives[i].line, lines[i]) << i;
  }
  EXPECT_EQ(source.substr(directives[3].begin, directives[3].end - directives[3].begin), "#def\\\nine B \\\n  1");
}

TEST(SourceScanner, DirectiveBodiesAreTokensWithLines) {
  const std::string source = "x\n#define K(a) a##b #a \\\n  k<<<1, 1>>>() don't\ny";
  std::vector<Directive> directives;
  const std::vector<Token> code = scan_cuda_source(source, &directives);
  ASSERT_EQ(code.size(), 2u);
  ASSERT_EQ(directives.size(), 1u);
  std::vector<std::string> texts;
  std::vector<int> lines;
  for (const Token& t : scan_directive_body(source, directives[0])) {
    texts.emplace_back(token_text(source, t));
    lines.push_back(t.line);
  }
  // An apostrophe left open in a directive ends with it, as the preprocessor lets it.
  EXPECT_EQ(texts, (std::vector<std::string>{"K", "(", "a", ")", "a", "#", "#", "b", "#", "a", "k", "<<<", "1", ",",
                                             "1", ">>>", "(", ")", "don", "'t"}));
  EXPECT_EQ(lines.front(), 2);
  EXPECT_EQ(lines.back(), 3);
}

TEST(SourceScanner, SplicedIdentifiersAreOneToken) {
  const std::string source = "__CUDA\\\nCC__ x";
  const std::vector<Token> tokens = scan_cuda_source(source);
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(spliced_text(source, tokens[0]), "__CUDACC__");
  EXPECT_EQ(tokens[1].line, 2);
}

}  // namespace
}  // namespace kitcpu::detail
