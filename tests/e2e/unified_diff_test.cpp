#include "unified_diff.h"

#include <gtest/gtest.h>

#include <string>

namespace kit_e2e {
namespace {

const std::string kFile = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";

std::string applied(const std::string& patch, const std::string& file = kFile) {
  return apply_unified_diff(parse_unified_diff(patch), file);
}

// The message of the PatchError `patch` throws, parsed and applied to `file`; "" if it throws none.
std::string refusal(const std::string& patch, const std::string& file = kFile) {
  try {
    applied(patch, file);
  } catch (const PatchError& e) {
    return e.what();
  }
  return "";
}

TEST(UnifiedDiff, KeepsTheHeaderAndThePathsWithoutGitsPrefixes) {
  const UnifiedDiff d = parse_unified_diff("bug: two is gone\n\nprose\n--- a/solutions/x/x.cu\t2026-01-01\n"
                                           "+++ b/solutions/x/x.cu\n@@ -2 +1,0 @@\n-two\n");
  EXPECT_EQ(d.header, "bug: two is gone\n\nprose\n");
  EXPECT_EQ(d.old_path, "solutions/x/x.cu");
  EXPECT_EQ(d.new_path, "solutions/x/x.cu");
  ASSERT_EQ(d.hunks.size(), 1u);
  EXPECT_EQ(d.hunks[0].old_start, 2);
  EXPECT_EQ(d.hunks[0].old_count, 1);
  EXPECT_EQ(d.hunks[0].patch_line, 6);
}

TEST(UnifiedDiff, ReplacesRemovesAndAddsInSeveralHunks) {
  const std::string patch =
      "--- a/f\n+++ b/f\n"
      "@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n"
      "@@ -6,3 +6,2 @@\n six\n-seven\n eight\n"
      "@@ -10,0 +10,1 @@\n+eleven\n";
  EXPECT_EQ(applied(patch), "one\nTWO\nthree\nfour\nfive\nsix\neight\nnine\nten\neleven\n");
}

TEST(UnifiedDiff, InsertsAtTheTopAndTakesAnEmptyLineAsBlankContext) {
  EXPECT_EQ(applied("--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+zero\n", "one\n"), "zero\none\n");
  EXPECT_EQ(applied("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+B\n", "a\n\nb\n"), "a\n\nB\n");
}

TEST(UnifiedDiff, RefusesAHunkWhoseLinesMovedAndSaysWhereTheyAreNow) {
  const std::string patch = "--- a/solutions/x/x.cu\n+++ b/solutions/x/x.cu\n@@ -2,3 +2,2 @@\n two\n-three\n four\n";
  const std::string moved = "zero\nzero\n" + kFile;
  const std::string why = refusal(patch, moved);
  EXPECT_NE(why.find("hunk 1 (line 3 of the patch) does not apply"), std::string::npos) << why;
  EXPECT_NE(why.find("line 2 of solutions/x/x.cu should read 'two' but reads 'zero'"), std::string::npos) << why;
  EXPECT_NE(why.find("its lines stand at line 4 now, 2 lines further down"), std::string::npos) << why;
  EXPECT_NE(why.find("make the patch again"), std::string::npos) << why;
}

TEST(UnifiedDiff, RefusesAChangedLineEvenWhenTheRestMatches) {
  const std::string why = refusal("--- a/f\n+++ b/f\n@@ -2,3 +2,2 @@\n two\n-three\n four\n",
                                  "one\ntwo\nTHREE\nfour\n");
  EXPECT_NE(why.find("line 3 of f should read 'three' but reads 'THREE'"), std::string::npos) << why;
  EXPECT_EQ(why.find("stand at"), std::string::npos) << why;
}

TEST(UnifiedDiff, RefusesAHunkPastTheEndOfTheFile) {
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -20,1 +20,1 @@\n-x\n+y\n").find("which has 10 lines"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -10,2 +10,1 @@\n ten\n-eleven\n").find("the file ends before it"),
            std::string::npos);
}

TEST(UnifiedDiff, RefusesWhatIsNotOneFilesUnifiedDiff) {
  EXPECT_NE(refusal("bug: x\n").find("has no '--- ' line"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n@@ -1 +1 @@\n").find("should be the '+++ ' line"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n").find("has no hunk"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1 @@\n").find("is not a hunk header"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n one\n").find("ends early"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n one\n*two\n").find("starts with neither"), std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1,1 +1,2 @@\n one\n two\n").find("more lines than its header counts"),
            std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -3,1 +3,1 @@\n-three\n+3\n@@ -2,1 +2,1 @@\n-two\n+2\n").find("overlaps"),
            std::string::npos);
  // A second file's diff after the first: its "---" line is not a hunk header.
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-one\n+1\n--- a/g\n+++ b/g\n").find("is not a hunk header"),
            std::string::npos);
}

TEST(UnifiedDiff, RefusesAHeaderThatMiscountsTheNewLines) {
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -2,1 +5,1 @@\n-two\n+2\n").find("its header is wrong"), std::string::npos);
}

TEST(UnifiedDiff, RefusesFilesWithoutAFinalNewline) {
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-one\n+1\n\\ No newline at end of file\n").find("final newline"),
            std::string::npos);
  EXPECT_NE(refusal("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-one\n+1\n", "one").find("does not end with a newline"),
            std::string::npos);
}

}  // namespace
}  // namespace kit_e2e
