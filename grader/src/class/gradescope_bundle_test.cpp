// What a Gradescope bundle tells its run_autograder (class/gradescope_bundle.h): bash that names the
// assignment and its files, and nothing bash could misread.
#include "class/gradescope_bundle.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "assignment/cases.h"
#include "assignment/kit_tree.h"
#include "util/errors.h"

namespace kit {
namespace {

Rubric rubric_of(const std::string& assignment, const std::vector<std::string>& files) {
  Rubric r;
  r.assignment = assignment;
  r.student_files = files;
  return r;
}

TEST(GradescopeBundle, TheConfNamesTheAssignmentAndEveryFile) {
  const std::string conf = bundle_conf(rubric_of("transpose", {"transpose.cu", "tile_a.cu"}), false, 31337);
  EXPECT_NE(conf.find("assignment='transpose'\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("student_files=('transpose.cu' 'tile_a.cu')\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("unsandboxed=0\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("seed=31337\n"), std::string::npos) << conf;
}

TEST(GradescopeBundle, UnsandboxedIsSaidOnlyWhenAsked) {
  EXPECT_NE(bundle_conf(rubric_of("blur", {"blur.cu"}), true, 1).find("unsandboxed=1\n"), std::string::npos);
}

TEST(GradescopeBundle, ANameBashCouldMisreadIsRefused) {
  EXPECT_THROW(bundle_conf(rubric_of("x'; rm -rf ~; '", {"a.cu"}), false, 1), UserError);
  EXPECT_THROW(bundle_conf(rubric_of("blur", {"$(reboot).cu"}), false, 1), UserError);
  EXPECT_THROW(bundle_conf(rubric_of("blur", {"my file.cu"}), false, 1), UserError);
}

// Without --seed and without a course tree's grading-seed file there is no secret seed: no bundle.
TEST(GradescopeBundle, NoBundleWithoutAGradingSeed) {
  if (course_tree()) GTEST_SKIP() << "a course tree is in use (KIT_ROOT), which may hold a grading seed";
  EXPECT_EQ(bundle_seed(rubric_of("blur", {"blur.cu"}), 42), 42u);
  try {
    bundle_seed(rubric_of("blur", {"blur.cu"}), std::nullopt);
    ADD_FAILURE() << "a bundle seed was made up";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("--seed"), std::string::npos) << e.what();
  }
}

// The hidden Widths of matmul-tiled's hidden group, drawn from a seed.
std::vector<long> hidden_widths(const Rubric& rubric, std::uint64_t seed) {
  std::vector<long> widths;
  for (const TestCase& c : expand_cases(rubric, seed, false))
    if (c.visibility == Visibility::hidden) widths.push_back(c.dims.at(0));
  return widths;
}

// What a student's copy shows (the rubric's public seed) is not what a bundle made with a grading seed
// grades.
TEST(GradescopeBundle, TheBundlesHiddenSizesAreNotThePublicSeeds) {
  const std::string kit = std::string(KIT_TEST_DATA_DIR) + "/../../..";
  const Rubric rubric = load_rubric(kit + "/assignments/matmul-tiled/rubric.yaml", {kit});
  const std::vector<long> public_widths = hidden_widths(rubric, rubric.seed);
  EXPECT_EQ(public_widths, (std::vector<long>{505, 472, 564, 126, 492, 592}));
  const std::string conf = bundle_conf(rubric, false, bundle_seed(rubric, 31337));
  ASSERT_NE(conf.find("seed=31337\n"), std::string::npos) << conf;
  const std::vector<long> bundle_widths = hidden_widths(rubric, 31337);
  ASSERT_EQ(bundle_widths.size(), public_widths.size());
  EXPECT_NE(bundle_widths, public_widths);
  for (long width : bundle_widths)
    EXPECT_EQ(std::count(public_widths.begin(), public_widths.end(), width), 0) << "Width " << width;
}

}  // namespace
}  // namespace kit
