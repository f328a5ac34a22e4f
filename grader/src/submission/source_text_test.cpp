#include "submission/source_text.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

namespace kit {
namespace {

std::string blanked(const std::string& source) { return code_without_comments_and_literals(source); }

std::vector<int> lines_naming(const std::string& source, const std::string& name) {
  std::vector<int> lines;
  for (const IdentifierUse& use : find_identifiers(blanked(source), {name})) lines.push_back(use.line);
  return lines;
}

TEST(SourceText, CommentsAndLiteralsBecomeSpacesAndNewlinesStay) {
  EXPECT_EQ(blanked("a // x\nb"), "a     \nb");
  EXPECT_EQ(blanked("a /* x\ny */ b"), "a     \n     b");
  EXPECT_EQ(blanked("s = \"q\\\"r\"; c = '\\'';"), "s = " + std::string(6, ' ') + "; c = " + std::string(4, ' ') + ";");
  EXPECT_EQ(blanked("x / y * z"), "x / y * z");
  EXPECT_EQ(blanked("/*/ still a comment */x"), std::string(22, ' ') + "x");
}

TEST(SourceText, LengthIsKeptForEveryInput) {
  for (const std::string& s : {std::string("\"unterminated"), std::string("/* open"), std::string("R\"x(open"),
                               std::string("'"), std::string("\\"), std::string("a\\\n"), std::string("")})
    EXPECT_EQ(blanked(s).size(), s.size()) << s;
}

// The forms a naive scanner gets wrong, each hiding or faking a forbidden name.
TEST(SourceText, RawStringsEndOnlyAtTheirDelimiter) {
  const std::string source = "auto s = R\"kit(a \" cublasSgemm )\" b)kit\";\nint n = cublasSgemm;";
  EXPECT_EQ(lines_naming(source, "cublasSgemm"), std::vector<int>{2});
  EXPECT_EQ(lines_naming("auto s = u8R\"(x\ny)\"; cublasSgemm", "cublasSgemm"), std::vector<int>{2});
  // Not a raw-string prefix: an identifier followed by an ordinary string.
  EXPECT_EQ(lines_naming("FOR\"(\" cublasSgemm", "cublasSgemm"), std::vector<int>{1});
}

TEST(SourceText, LineSplicesExtendCommentsAndJoinIdentifiers) {
  EXPECT_EQ(lines_naming("// comment \\\ncublasSgemm();\ncublasSgemm();", "cublasSgemm"), std::vector<int>{3});
  EXPECT_EQ(lines_naming("int a;\ncublas\\\nSgemm();", "cublasSgemm"), std::vector<int>{2});
  EXPECT_EQ(lines_naming("/\\\n* hidden cublasSgemm */ x", "cublasSgemm"), std::vector<int>{});
  EXPECT_EQ(lines_naming("\"a\\\nb cublasSgemm\" x", "cublasSgemm"), std::vector<int>{});
}

TEST(SourceText, DigitSeparatorsDoNotOpenCharacterLiterals) {
  EXPECT_EQ(lines_naming("int n = 1'000'000;\ncublasSgemm();", "cublasSgemm"), std::vector<int>{2});
  EXPECT_EQ(lines_naming("int n = 1'000; cublasSgemm();", "cublasSgemm"), std::vector<int>{1});
  EXPECT_EQ(lines_naming("float f = 1.5e-3f; int x = 0x1fULL; e5 = 1;", "e5"), std::vector<int>{1});
  EXPECT_EQ(lines_naming("int y = 1e5;", "e5"), std::vector<int>{});
}

TEST(SourceText, UnterminatedLiteralsEndAtTheirLine) {
  EXPECT_EQ(lines_naming("char c = 'x;\ncublasSgemm();", "cublasSgemm"), std::vector<int>{2});
  EXPECT_EQ(lines_naming("auto s = \"open;\ncublasSgemm();", "cublasSgemm"), std::vector<int>{2});
}

TEST(SourceText, OnlyWholeIdentifiersMatch) {
  const std::string code = blanked("__syncthreads(); my__syncthreads(); __syncthreads_or(1);\n  __syncthreads();");
  const std::vector<IdentifierUse> uses = find_identifiers(code, {"__syncthreads", "atomicAdd"});
  ASSERT_EQ(uses.size(), 2u);
  EXPECT_EQ(uses[0].name, "__syncthreads");
  EXPECT_EQ(uses[0].line, 1);
  EXPECT_EQ(uses[1].line, 2);
  EXPECT_TRUE(find_identifiers("x\xc3\xa9"
                               "cublasSgemm",
                               {"cublasSgemm"})
                  .empty());
}

TEST(SourceText, NamesInCommentsAndStringsAreNotUses) {
  const std::string source =
      "// cublasSgemm would be faster\n"
      "/* cublasSgemm */ printf(\"no cublasSgemm here\");\n"
      "char c = 'c'; int x = cublasSgemm_v2;\n"
      "cublasSgemm(handle);\n";
  EXPECT_EQ(lines_naming(source, "cublasSgemm"), std::vector<int>{4});
}

// A megabyte of one comment, one string or random bytes: the std::regex this replaces overflowed the stack
// on 50 KB. Linear time means well under a second.
TEST(SourceText, HugeAndHostileInputsTakeLinearTime) {
  const std::size_t mib = 1 << 20;
  std::string random(mib, '\0');
  std::mt19937 rng(7);
  for (char& c : random) c = static_cast<char>(rng());
  const std::vector<std::string> inputs = {
      "/*" + std::string(mib, 'x') + "*/ cublasSgemm",
      "\"" + std::string(mib, 'x') + "\" cublasSgemm",
      "R\"d(" + std::string(mib, ')') + ")d\" cublasSgemm",
      std::string(mib, '\\') + "\n cublasSgemm",
      std::string(mib / 2, '*') + "/*" + std::string(mib / 2, '*'),
      random,
  };
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const auto start = std::chrono::steady_clock::now();
    const std::string code = blanked(inputs[k]);
    const std::vector<IdentifierUse> uses = find_identifiers(code, {"cublasSgemm"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 0.5) << "input " << k;
    EXPECT_EQ(code.size(), inputs[k].size());
    if (k < 4) EXPECT_EQ(uses.size(), 1u) << "input " << k;
  }
}

TEST(SourceText, WithoutCommentsKeepsTheLiterals) {
  EXPECT_EQ(code_without_comments("a // x\nb /* y */ \"// z\" 'c' R\"(/*w*/)\""),
            "a     \nb         \"// z\" 'c' R\"(/*w*/)\"");
  EXPECT_EQ(code_without_comments("// caf\xe9\nx"), "       \nx");
}

TEST(SourceText, WarpPrimitivesAreFoundInCodeNotInCommentsOrNames) {
  EXPECT_TRUE(uses_warp_primitives(code_without_comments_and_literals("v = __shfl_sync(0xffffffff, v, 0);")));
  EXPECT_TRUE(uses_warp_primitives(code_without_comments_and_literals("__syncwarp();")));
  EXPECT_FALSE(uses_warp_primitives(code_without_comments_and_literals("// __shfl_sync would do\n__syncthreads();")));
  EXPECT_FALSE(uses_warp_primitives(code_without_comments_and_literals("int my__syncwarp_count = 0;")));
}

}  // namespace
}  // namespace kit
