#include "release/release.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace kit {
namespace {

namespace fs = std::filesystem;

ReleaseSelection naive() { return {{"matmul-naive"}, {"assignments/coalescing/baselines/matmul_uncoalesced.cu"}}; }

TEST(ReleaseAllows, TheNamedAssignmentsFilesAndTheGrader) {
  for (const char* path : {"starter/matmul-naive/matmul_naive.cu", "assignments/matmul-naive/README.md",
                           "assignments/matmul-naive/harness.cpp", "datasets/matmul-naive/SHA256SUMS",
                           "assignments/CMakeLists.txt", "grader/src/assignment/rubric.cpp",
                           "grader/cpu/src/launch.cpp", "docs/diagnostics.md"})
    EXPECT_TRUE(release_allows(path, naive())) << path;
}

TEST(ReleaseAllows, NothingThatGivesAnAnswerAway) {
  for (const char* path : {"solutions/matmul-naive/matmul_naive.cu", "tests/e2e/broken/naive_no_guard.cu",
                           "docs/results/h100.md", "grader/src/assignment/rubric_test.cpp",
                           "assignments/problems/matmul/matmul_test.cpp", "assignments/problems/matmul/matmul.cpp",
                           "assignments/problems/device_query/device_query.cpp", "assignments/problems/picture_blocks.cpp",
                           "grader/cpu/tests/smoke/matmul_tiled.cu", "grader/cpu/bench/matmul_bench.cu",
                           "grader/cpu/tests/access/transpose.cu", "grader/tests/data/rubrics/x/rubric.yaml",
                           "assignments/coalescing/baselines/matmul_uncoalesced.cu",
                           "assignments/matmul-naive/rubric.yaml", "assignments/matmul-naive/baselines/x.cu",
                           "assignments/matmul-naive/broken/naive_no_launch.patch",
                           "assignments/matmul-naive/correct/naive_other_style.patch",
                           "assignments/README.md", "build/bin/grader", "build-check/x", ".git/config"})
    EXPECT_FALSE(release_allows(path, naive())) << path;
}

TEST(ReleaseAllows, NoOtherAssignment) {
  for (const char* path : {"starter/matmul-tiled/matmul_tiled.cu", "assignments/matmul-tiled/README.md",
                           "datasets/matmul-tiled/SHA256SUMS", "starter/matmul-naive-extra/x.cu"})
    EXPECT_FALSE(release_allows(path, naive())) << path;
}

TEST(ReleaseRoots, NameTheAssignmentsFolders) {
  const std::vector<std::string> roots = release_roots(naive());
  for (const char* root : {"starter/matmul-naive", "assignments/matmul-naive", "datasets/matmul-naive", "grader"})
    EXPECT_NE(std::find(roots.begin(), roots.end(), root), roots.end()) << root;
  EXPECT_EQ(std::find(roots.begin(), roots.end(), "solutions"), roots.end());
}

TEST(MarkdownLinks, RelativeTargetsWithoutAnchorsOnce) {
  const std::string md = "See [the doc](../../docs/diagnostics.md#tiles), [web](https://example.org/a.md),\n"
                         "[again](../../docs/diagnostics.md) and [top](../../README.md), [mail](mailto:a@b), "
                         "[anchor](#here), [abs](/etc/passwd).";
  EXPECT_EQ(markdown_links(md), (std::vector<std::string>{"../../docs/diagnostics.md", "../../README.md"}));
}

class FindLeaksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-release-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    kit_ = dir_ / "kit";
    tree_ = dir_ / "tree";
    write(kit_ / "solutions/a/a.cu", "__global__ void k() { answer(); }\n");
    write(kit_ / "assignments/a/baselines/slow.cu", "__global__ void slow() { answer(); }\n");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  static void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  std::vector<std::string> leaks() {
    return find_leaks(kit_.string(), tree_.string(), {"assignments/a/baselines/slow.cu"});
  }
  fs::path dir_, kit_, tree_;
};

TEST_F(FindLeaksTest, ACleanTreeHasNone) {
  write(tree_ / "starter/a/a.cu", "__global__ void k() { /* TODO */ }\n");
  write(tree_ / "grader/src/release/starter.cpp", "const std::string kBegin = \"// BEGIN SOLUTION\";\n");
  EXPECT_TRUE(leaks().empty());
}

TEST_F(FindLeaksTest, NamesACopiedSolutionABaselineAndAMarker) {
  write(tree_ / "starter/a/a.cu", "__global__ void k() { answer(); }\n");
  write(tree_ / "notes/slow.cu", "__global__ void slow() { answer(); }\n");
  write(tree_ / "starter/a/b.cu", "int x;\n    // BEGIN SOLUTION\nint y;\n");
  write(tree_ / ".git/objects/copy", "__global__ void k() { answer(); }\n");
  const std::vector<std::string> found = leaks();
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0], "notes/slow.cu (the same bytes as assignments/a/baselines/slow.cu)");
  EXPECT_EQ(found[1], "starter/a/a.cu (the same bytes as solutions/a/a.cu)");
  EXPECT_EQ(found[2], "starter/a/b.cu (a solution-region marker line)");
}

TEST_F(FindLeaksTest, NamesACopiedProblemSource) {
  write(kit_ / "assignments/problems/p/p.cpp", "double reference(double x) { return 2 * x; }\n");
  write(tree_ / "grader/src/p.cpp", "double reference(double x) { return 2 * x; }\n");
  const std::vector<std::string> found = leaks();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], "grader/src/p.cpp (the same bytes as assignments/problems/p/p.cpp)");
}

}  // namespace
}  // namespace kit
