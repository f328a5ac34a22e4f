#include "broken_kernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <unistd.h>

#include "unified_diff.h"

namespace kit_e2e {
namespace {

namespace fs = std::filesystem;

const char* const kSolution = "solutions/row-copy/row_copy.cu";

// A kit of one assignment, row-copy, with its solution and a folder for its broken kernels.
struct BrokenKernelKit : ::testing::Test {
  fs::path kit = fs::temp_directory_path() / ("kit-broken-kernel-test-" + std::to_string(::getpid()));
  fs::path broken = kit / "assignments/row-copy/broken";
  void SetUp() override {
    fs::create_directories(broken);
    fs::create_directories(kit / "solutions/row-copy");
    std::ofstream(kit / kSolution) << "#include \"row_copy.h\"\nint Row = y;\nint Col = x;\n";
  }
  void TearDown() override { fs::remove_all(kit); }
  fs::path write_patch(const std::string& name, const std::string& old_path, const std::string& new_path) {
    std::ofstream(broken / name) << "bug: Row and Col exchanged\n\nprose\n--- a/" << old_path << "\n+++ b/" << new_path
                                 << "\n@@ -2,2 +2,2 @@\n-int Row = y;\n-int Col = x;\n+int Row = x;\n+int Col = y;\n";
    return broken / name;
  }
};

std::string load_refusal(const fs::path& patch) {
  try {
    load_broken_kernel(patch);
  } catch (const PatchError& e) {
    return e.what();
  }
  return "";
}

TEST_F(BrokenKernelKit, AppliesThePatchToItsAssignmentsSolution) {
  const fs::path p = write_patch("swapped.patch", kSolution, kSolution);
  const BrokenKernel k = load_broken_kernel(p);
  EXPECT_EQ(k.assignment, "row-copy");
  EXPECT_EQ(k.name, "swapped");
  EXPECT_EQ(k.student_file, "row_copy.cu");
  EXPECT_EQ(k.header, "bug: Row and Col exchanged\n\nprose\n");
  EXPECT_EQ(k.source, "#include \"row_copy.h\"\nint Row = x;\nint Col = y;\n");
}

TEST_F(BrokenKernelKit, RefusesAPatchOfAnotherFileThanItsAssignmentsSolution) {
  for (const auto& [old_path, new_path] : std::vector<std::pair<std::string, std::string>>{
           {"solutions/matmul-tiled/matmul_tiled.cu", "solutions/matmul-tiled/matmul_tiled.cu"},
           {"solutions/row-copy/../../secret.cu", "solutions/row-copy/../../secret.cu"},
           {"solutions/row-copy/row_copy.cu", "solutions/row-copy/other.cu"},
           {"solutions/row-copy/row_copy.h", "solutions/row-copy/row_copy.h"}}) {
    const std::string why = load_refusal(write_patch("x.patch", old_path, new_path));
    EXPECT_NE(why.find("not the same solutions/row-copy/<file>.cu"), std::string::npos) << old_path << ": " << why;
  }
}

TEST_F(BrokenKernelKit, RefusesAPatchOutsideAnAssignmentsBrokenFolder) {
  const fs::path elsewhere = kit / "assignments/row-copy/swapped.patch";
  fs::copy_file(write_patch("swapped.patch", kSolution, kSolution), elsewhere);
  EXPECT_NE(load_refusal(elsewhere).find("is not assignments/<assignment>/broken/<name>.patch or correct/<name>.patch"),
            std::string::npos);
}

TEST_F(BrokenKernelKit, SaysWhichPatchNoLongerApplies) {
  const fs::path p = write_patch("swapped.patch", kSolution, kSolution);
  std::ofstream(kit / kSolution) << "// a new first line\n#include \"row_copy.h\"\nint Row = y;\nint Col = x;\n";
  const std::string why = load_refusal(p);
  EXPECT_EQ(why.rfind(p.string() + ": hunk 1", 0), 0u) << why;
  EXPECT_NE(why.find("1 line further down"), std::string::npos) << why;
}

TEST(BrokenKernelExpectations, TakesThePlainKeysAndThisBackendsOnly) {
  const std::string header =
      "bug: the grid rounds down: a partial block\n"
      "     at the edge is never launched\n"
      "expect-fail: not a multiple of the block\n"
      "expect-pass: small sizes\n"
      "expect-text-cpu: elements wrong\n"
      "expect-diagnosis: grid-too-small\n"
      "expect-diagnosis-cuda: invalid-launch matmul_naive.cu:63\n"
      "\n"
      "prose: not a key, it follows the blank line\n";
  const Expectations cpu = read_expectations(header, "cpu");
  EXPECT_EQ(cpu.bug, "the grid rounds down: a partial block at the edge is never launched");
  EXPECT_EQ(cpu.fail_groups, std::vector<std::string>{"not a multiple of the block"});
  EXPECT_EQ(cpu.pass_groups, std::vector<std::string>{"small sizes"});
  EXPECT_EQ(cpu.texts, std::vector<std::string>{"elements wrong"});
  EXPECT_EQ(cpu.diagnoses, std::vector<std::string>{"grid-too-small"});
  const Expectations cuda = read_expectations(header, "cuda");
  EXPECT_TRUE(cuda.texts.empty());
  EXPECT_EQ(cuda.diagnoses, (std::vector<std::string>{"grid-too-small", "invalid-launch matmul_naive.cu:63"}));
}

TEST(BrokenKernelExpectations, RefusesAMisspeltKeyALineWithoutOneAndAMissingBug) {
  auto refusal = [](const std::string& header) {
    try {
      read_expectations(header, "cpu");
    } catch (const PatchError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refusal("bug: x\nexpect-fial: g\n").find("key 'expect-fial' is none of"), std::string::npos);
  EXPECT_NE(refusal("bug: x\nexpect-fail-gpu: g\n").find("key 'expect-fail-gpu' is none of"), std::string::npos);
  EXPECT_NE(refusal("bug: x\njust words\n").find("line 2 of the header is not 'key: value'"), std::string::npos);
  EXPECT_NE(refusal("expect-fail: g\n").find("no 'bug:' line"), std::string::npos);
  EXPECT_NE(refusal("  continued\nbug: x\n").find("no key comes before it"), std::string::npos);
}

TEST(CorrectVariantHeader, AStyleContinuedAndTheBackendsThatCannotRunIt) {
  const VariantHeader v = read_variant("style: polls cudaEventQuery\n  until it succeeds\nnot-on: cpu\n\nprose\n");
  EXPECT_EQ(v.style, "polls cudaEventQuery until it succeeds");
  EXPECT_EQ(v.not_on, std::vector<std::string>{"cpu"});
  auto refusal = [](const std::string& header) {
    try {
      read_variant(header);
    } catch (const PatchError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refusal("\nprose\n").find("no 'style:' line"), std::string::npos);
  EXPECT_NE(refusal("bug: x\n").find("line 1 of the header is not 'style: ...'"), std::string::npos);
  EXPECT_NE(refusal("style: a\nstyle: b\n").find("line 2"), std::string::npos);
  EXPECT_NE(refusal("style: a\nnot-on: gpu\n").find("line 2"), std::string::npos);
}

// Every correct variant of the kit applies to its solution and says how it differs.
TEST(CorrectVariantsOfTheKit, ApplyAndSayTheirStyle) {
  int patches = 0;
  for (const auto& folder : fs::directory_iterator(fs::path(KIT_E2E_SOURCE_DIR) / "assignments")) {
    if (!fs::is_directory(folder.path() / "correct")) continue;
    for (const auto& entry : fs::directory_iterator(folder.path() / "correct")) {
      if (entry.path().extension() != ".patch") continue;
      ++patches;
      SCOPED_TRACE(entry.path().string());
      BrokenKernel k;
      ASSERT_NO_THROW(k = load_broken_kernel(entry.path()));
      EXPECT_NO_THROW(read_variant(k.header));
    }
  }
  EXPECT_GE(patches, 1) << "no assignments/*/correct/*.patch under " << KIT_E2E_SOURCE_DIR;
}

// Every broken kernel of the kit still applies to its solution, and every line its header expects a
// diagnosis at names the graded file and lies inside it: the quick check to run after editing a solution.
TEST(BrokenKernelsOfTheKit, ApplyAndExpectLinesInsideTheirFile) {
  static const std::regex at_line(R"(\S+ (\S+):(\d+))");
  int patches = 0;
  for (const auto& folder : fs::directory_iterator(fs::path(KIT_E2E_SOURCE_DIR) / "assignments")) {
    if (!fs::is_directory(folder.path() / "broken")) continue;
    for (const auto& entry : fs::directory_iterator(folder.path() / "broken")) {
      if (entry.path().extension() != ".patch") continue;
      ++patches;
      SCOPED_TRACE(entry.path().string());
      BrokenKernel k;
      ASSERT_NO_THROW(k = load_broken_kernel(entry.path()));
      const long lines = std::count(k.source.begin(), k.source.end(), '\n');
      for (const char* backend : {"cpu", "cuda"}) {
        Expectations e;
        ASSERT_NO_THROW(e = read_expectations(k.header, backend));
        for (const std::string& d : e.diagnoses) {
          std::smatch m;
          if (!std::regex_match(d, m, at_line)) continue;
          EXPECT_EQ(m[1].str(), k.student_file) << d;
          EXPECT_LE(std::stol(m[2].str()), lines) << d;
        }
      }
    }
  }
  EXPECT_GE(patches, 1) << "no assignments/*/broken/*.patch under " << KIT_E2E_SOURCE_DIR;
}

}  // namespace
}  // namespace kit_e2e
