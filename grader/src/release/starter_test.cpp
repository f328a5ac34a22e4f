#include "release/starter.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {

// The message derive_starter throws for `solution`, or "" when it does not throw.
std::string starter_error(const std::string& solution) {
  try {
    derive_starter(solution, "solutions/demo/demo.cu");
  } catch (const StarterError& e) {
    return e.what();
  }
  return "";
}

TEST(Starter, FileWithoutRegionsIsCopiedUnchanged) {
  const std::string source = "#include <cstdio>\n\n  int x = 1;  // a comment\n\tint y;\n";
  EXPECT_EQ(derive_starter(source, "a.cu"), source);
}

TEST(Starter, RegionIsReplacedByItsStarterLines) {
  const std::string solution =
      "__global__ void Copy(const float* M, float* P, int Width) {\n"
      "  // BEGIN SOLUTION\n"
      "  // STARTER: // TODO: copy M into P.\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < Width) P[i] = M[i];\n"
      "  // END SOLUTION\n"
      "}\n";
  EXPECT_EQ(derive_starter(solution, "copy.cu"),
            "__global__ void Copy(const float* M, float* P, int Width) {\n"
            "  // TODO: copy M into P.\n"
            "}\n");
}

// A STARTER line becomes its text at the STARTER line's own indentation, whatever the markers' indentation.
TEST(Starter, StarterLinesKeepTheirOwnIndentation) {
  const std::string solution =
      "void f() {\n"
      "  // BEGIN SOLUTION\n"
      "    // STARTER: int Row = 0;\n"
      "\t// STARTER: int Col = 0;\n"
      "  // STARTER: //       continued, inner spaces kept\n"
      "  int Row = 1, Col = 2;\n"
      "        // END SOLUTION\n"
      "}\n";
  EXPECT_EQ(derive_starter(solution, "f.cu"),
            "void f() {\n"
            "    int Row = 0;\n"
            "\tint Col = 0;\n"
            "  //       continued, inner spaces kept\n"
            "}\n");
}

TEST(Starter, EmptyStarterLineIsABlankLineAndNoSpaceIsNeededAfterTheColon) {
  const std::string solution =
      "  // BEGIN SOLUTION\n"
      "  // STARTER:int a;\n"
      "  // STARTER:\n"
      "  // STARTER:\n"
      "  // STARTER: int b;\n"
      "  int c;\n"
      "  // END SOLUTION\n";
  EXPECT_EQ(derive_starter(solution, "a.cu"), "  int a;\n\n\n  int b;\n");
}

TEST(Starter, RegionWithoutStarterLinesDisappears) {
  EXPECT_EQ(derive_starter("a\n// BEGIN SOLUTION\nb\n// END SOLUTION\nc\n", "a.cu"), "a\nc\n");
}

TEST(Starter, SeveralRegionsAreEachReplaced) {
  const std::string solution =
      "one\n"
      "// BEGIN SOLUTION\n// STARTER: first stub\nfirst answer\n// END SOLUTION\n"
      "two\n"
      "  // BEGIN SOLUTION\n  // STARTER: second stub\n  second answer\n  // END SOLUTION\n"
      "three\n";
  EXPECT_EQ(derive_starter(solution, "a.cu"), "one\nfirst stub\ntwo\n  second stub\nthree\n");
}

TEST(Starter, NestedBeginNamesItsLineAndTheOpenRegion) {
  const std::string error = starter_error("a\n// BEGIN SOLUTION\nb\n  // BEGIN SOLUTION\n// END SOLUTION\n");
  EXPECT_EQ(error.rfind("solutions/demo/demo.cu:4: ", 0), 0u) << error;
  EXPECT_NE(error.find("line 2"), std::string::npos) << error;
}

TEST(Starter, EndWithoutBeginNamesItsLine) {
  const std::string error = starter_error("a\nb\n// END SOLUTION\n");
  EXPECT_EQ(error, "solutions/demo/demo.cu:3: END SOLUTION without a BEGIN SOLUTION");
}

TEST(Starter, BeginWithoutEndNamesTheBegin) {
  const std::string error = starter_error("a\n// BEGIN SOLUTION\nb\nc\n");
  EXPECT_EQ(error, "solutions/demo/demo.cu:2: this BEGIN SOLUTION has no END SOLUTION");
}

TEST(Starter, StarterLineOutsideARegionNamesItsLine) {
  const std::string error = starter_error("a\n// STARTER: stub\n");
  EXPECT_EQ(error, "solutions/demo/demo.cu:2: a STARTER line outside a solution region");
}

}  // namespace
}  // namespace kit
