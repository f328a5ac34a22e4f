#include "assignment/rubric.h"
#include "util/text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace kit {
namespace {

const std::string kKitRoot = std::string(KIT_TEST_DATA_DIR) + "/../../..";

std::string real_rubric(const std::string& assignment) {
  return kKitRoot + "/assignments/" + assignment + "/rubric.yaml";
}

std::string fixture(const std::string& folder) {
  return std::string(KIT_TEST_DATA_DIR) + "/rubrics/" + folder + "/rubric.yaml";
}


// The error loading `path` throws; a failure (and an error at line -1) when it loads.
RubricError load_error(const std::string& path) {
  try {
    load_rubric(path, {kKitRoot});
  } catch (const RubricError& e) {
    return e;
  }
  ADD_FAILURE() << path << " loaded, but it is invalid";
  return RubricError(path, -1, -1, "loaded");
}

// Each invalid fixture is wrong in exactly one place: the error names that place and says what is wrong.
void expect_error_at(const std::string& folder, int line, int column, const std::string& message_part) {
  SCOPED_TRACE(folder);
  const std::string path = fixture(folder);
  const RubricError e = load_error(path);
  EXPECT_EQ(e.file, path);
  EXPECT_EQ(e.line, line);
  EXPECT_EQ(e.column, column);
  EXPECT_TRUE(contains(e.what(), message_part)) << "message: " << e.what();
}

TEST(RubricLoad, MatmulNaiveLoadsWithItsValues) {
  const Rubric r = load_rubric(real_rubric("matmul-naive"), {kKitRoot});
  EXPECT_EQ(r.path, real_rubric("matmul-naive"));
  EXPECT_EQ(r.assignment, "matmul-naive");
  EXPECT_EQ(r.title, "Naive matrix multiplication");
  // Without `functions`, one function named after the student's file, solving the rubric's problem.
  ASSERT_EQ(r.functions.size(), 1u);
  EXPECT_EQ(r.functions[0].name, "matmul_naive");
  EXPECT_EQ(r.functions[0].problem, find_problem("matmul"));
  EXPECT_EQ(r.student_files, std::vector<std::string>{"matmul_naive.cu"});
  EXPECT_TRUE(r.square);
  EXPECT_EQ(r.square_name, "Width");
  EXPECT_TRUE(r.knobs.empty());
  EXPECT_EQ(r.seed, 408001u);
  EXPECT_EQ(r.tolerance.policy, Tolerance::Policy::reduction_length);
  EXPECT_EQ(r.tolerance.safety, 4.0);

  ASSERT_EQ(r.correctness.size(), 5u);
  const CorrectnessGroup& small = r.correctness[0];
  EXPECT_EQ(small.name, "small sizes");
  EXPECT_EQ(small.points, 10);
  EXPECT_EQ(small.visibility, Visibility::visible);
  EXPECT_EQ(small.function, 0u);
  EXPECT_EQ(small.inputs, "");
  EXPECT_EQ(small.seeds, 3);
  // A square size is one Width, expanded to all three matmul dimensions.
  EXPECT_EQ(small.shapes, (std::vector<Dims>{{1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {5, 5, 5}}));
  EXPECT_EQ(small.random.count, 0);
  EXPECT_TRUE(small.builds.empty());
  EXPECT_EQ(r.correctness[2].name, "not a multiple of the block");
  EXPECT_EQ(r.correctness[2].shapes.size(), 8u);
  // Inputs with every significant bit random: a kernel computing in TF32 or half precision fails them.
  EXPECT_EQ(r.correctness[3].inputs, "full-mantissa");
  EXPECT_EQ(r.correctness[3].shapes.size(), 3u);
  const CorrectnessGroup& hidden = r.correctness[4];
  EXPECT_EQ(hidden.visibility, Visibility::hidden);
  EXPECT_TRUE(hidden.shapes.empty());
  EXPECT_EQ(hidden.random.count, 6);
  EXPECT_EQ(hidden.random.min, 1);
  EXPECT_EQ(hidden.random.max, 600);

  EXPECT_EQ(r.performance.shape, (Dims{4096, 4096, 4096}));
  EXPECT_EQ(r.performance.label, "Width 4096");
  EXPECT_EQ(r.performance.metric, Metric::gflops);  // the problem's own
  ASSERT_EQ(r.performance.baselines.size(), 1u);
  EXPECT_EQ(r.performance.baselines[0].name, "reference");
  EXPECT_EQ(r.performance.baselines[0].assignment, "matmul-naive");  // defaults to the rubric's own
  EXPECT_EQ(r.performance.baselines[0].file, "solutions/matmul-naive/matmul_naive.cu");
  EXPECT_EQ(r.performance.baselines[0].function, "");  // timed through each item's own function
  EXPECT_EQ(r.performance.items[0].baseline_function, "matmul_naive");
  EXPECT_EQ(r.performance.items[0].baseline_problem, find_problem("matmul"));
  ASSERT_EQ(r.performance.items.size(), 1u);
  const PerformanceItem& item = r.performance.items[0];
  EXPECT_EQ(item.baseline, "reference");
  EXPECT_EQ(item.points, 30);
  ASSERT_EQ(item.curve.size(), 2u);
  EXPECT_EQ(item.curve[0].ratio, 0.5);
  EXPECT_EQ(item.curve[0].fraction, 0.0);
  EXPECT_EQ(item.curve[1].ratio, 0.9);
  EXPECT_EQ(item.curve[1].fraction, 1.0);
  EXPECT_TRUE(r.technique.empty());
  EXPECT_TRUE(r.forbidden.empty());
  EXPECT_EQ(r.limits.build_seconds, 180);
  EXPECT_EQ(r.limits.test_seconds, 60);
  EXPECT_EQ(total_points(r), 100);
}

TEST(RubricLoad, MatmulRectLoadsRectangularSizesTileWidthsAndTechnique) {
  const Rubric r = load_rubric(real_rubric("matmul-rect"), {kKitRoot});
  EXPECT_EQ(r.assignment, "matmul-rect");
  EXPECT_FALSE(r.square);
  EXPECT_EQ(r.seed, 408003u);
  ASSERT_EQ(r.correctness.size(), 6u);
  // JxKxL sizes keep their three dimensions in order.
  EXPECT_EQ(r.correctness[2].shapes.front(), (Dims{67, 53, 64}));
  EXPECT_EQ(r.correctness[2].shapes.back(), (Dims{3, 100, 2}));
  ASSERT_EQ(r.correctness[3].builds.size(), 2u);
  EXPECT_EQ(describe_knobs(r.correctness[3].builds[0]), "TILE_WIDTH 8");
  EXPECT_EQ(describe_knobs(r.correctness[3].builds[1]), "TILE_WIDTH 32");
  EXPECT_EQ(r.correctness[4].inputs, "full-mantissa");
  EXPECT_EQ(r.correctness[5].visibility, Visibility::hidden);
  EXPECT_EQ(describe_knobs(r.knobs), "TILE_WIDTH 16");
  EXPECT_EQ(r.performance.shape, (Dims{4096, 2048, 3072}));
  EXPECT_EQ(r.performance.label, "4096x2048x3072");
  ASSERT_EQ(r.performance.baselines.size(), 2u);
  EXPECT_EQ(r.performance.baselines[1].name, "naive");
  EXPECT_EQ(r.performance.baselines[1].assignment, "matmul-rect");
  EXPECT_EQ(r.performance.baselines[1].file, "assignments/matmul-rect/baselines/matmul_rect_naive.cu");
  ASSERT_EQ(r.performance.items.size(), 2u);
  EXPECT_EQ(r.performance.items[1].baseline, "naive");
  EXPECT_EQ(r.performance.items[1].curve[1].ratio, 1.3);
  ASSERT_EQ(r.technique.size(), 1u);
  EXPECT_EQ(r.technique[0].name, "uses shared memory");
  EXPECT_EQ(r.technique[0].check, "uses_shared_memory");
  EXPECT_EQ(r.technique[0].points, 10);
  EXPECT_EQ(r.forbidden, (std::vector<std::string>{"cublasSgemm", "cublasGemmEx", "cublasLtMatmul"}));
  EXPECT_EQ(total_points(r), 100);
}

TEST(RubricLoad, MatmulTiledBaselineMayComeFromAnotherAssignment) {
  const Rubric r = load_rubric(real_rubric("matmul-tiled"), {kKitRoot});
  EXPECT_EQ(r.assignment, "matmul-tiled");
  EXPECT_TRUE(r.square);
  ASSERT_EQ(r.correctness[2].builds.size(), 2u);
  EXPECT_EQ(knob_value(r.correctness[2].builds[1], "TILE_WIDTH", 0), 32);
  EXPECT_EQ(r.correctness[2].shapes, (std::vector<Dims>{{17, 17, 17}, {33, 33, 33}, {100, 100, 100}}));
  ASSERT_EQ(r.performance.baselines.size(), 2u);
  EXPECT_EQ(r.performance.baselines[0].assignment, "matmul-tiled");
  EXPECT_EQ(r.performance.baselines[1].name, "naive");
  EXPECT_EQ(r.performance.baselines[1].assignment, "matmul-naive");
  // Through another assignment's harness, the baseline is timed as the entry its file is named after.
  EXPECT_EQ(r.performance.baselines[1].function, "matmul_naive");
  EXPECT_EQ(r.performance.items[1].baseline_function, "matmul_naive");
  EXPECT_EQ(r.performance.items[0].baseline_function, "matmul_tiled");
  // 100 for the code, 13 for the written questions (3 of them graded by a person).
  EXPECT_EQ(total_points(r), 113);
  EXPECT_EQ(r.questions.questions.size(), 10u);
  EXPECT_EQ(pending_points(r.questions), 3);
}

TEST(RubricLoad, AnAnchorIsTimedThroughTheItemsFunctionAsItsBaselineIs) {
  const Rubric r = load_rubric(real_rubric("transpose"), {kKitRoot});
  const PerformanceItem& copy = r.performance.items[0];
  EXPECT_EQ(copy.name, "copy against cudaMemcpy");
  EXPECT_EQ(copy.baseline_function, "cudaMemcpy");
  EXPECT_EQ(copy.anchor, "reference");
  EXPECT_EQ(copy.anchor_function, "copy_matrix");  // the reference's copy, not its transpose
  EXPECT_EQ(copy.anchor_problem, find_problem("copy"));
  const PerformanceItem& naive = r.performance.items[1];
  EXPECT_EQ(naive.baseline, "reference");
  EXPECT_EQ(naive.anchor, "");  // against the reference itself: the curve as written
  EXPECT_EQ(naive.anchor_function, "");
  EXPECT_EQ(naive.anchor_problem, nullptr);
  const PerformanceItem& padded = r.performance.items[4];
  EXPECT_EQ(padded.anchor, "reference");
  EXPECT_EQ(padded.anchor_function, "transpose_no_bank_conflicts");
  EXPECT_EQ(padded.anchor_problem, find_problem("transpose"));
}

// A grade must not depend on the GPU: every kit item against a baseline other than the reference is
// anchored to the reference (assignments/README.md, "Anchored curves"), and every rubric still loads.
TEST(RubricLoad, EveryKitItemAgainstAnotherBaselineIsAnchoredToTheReference) {
  int anchored = 0, rubrics = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kKitRoot + "/assignments")) {
    const std::string path = (entry.path() / "rubric.yaml").string();
    if (!std::filesystem::exists(path)) continue;
    SCOPED_TRACE(path);
    const Rubric r = load_rubric(path, {kKitRoot});
    ++rubrics;
    for (const PerformanceItem& item : r.performance.items) {
      if (item.baseline == "reference") {
        EXPECT_EQ(item.anchor, "") << item.name;
        continue;
      }
      EXPECT_EQ(item.anchor, "reference") << item.name << " (against " << item.baseline << ")";
      anchored += item.anchor == "reference";
    }
  }
  EXPECT_GE(rubrics, 12);
  EXPECT_GE(anchored, 7);
}

TEST(RubricLoad, OmittedKeysTakeTheirDefaults) {
  const Rubric r = load_rubric(fixture("minimal"), {kKitRoot});
  EXPECT_EQ(r.assignment, "minimal");
  EXPECT_FALSE(r.square);
  EXPECT_TRUE(r.knobs.empty());
  EXPECT_EQ(r.seed, 1u);
  EXPECT_EQ(r.tolerance.policy, Tolerance::Policy::reduction_length);
  EXPECT_EQ(r.tolerance.safety, 4.0);
  ASSERT_EQ(r.correctness.size(), 1u);
  EXPECT_EQ(r.correctness[0].visibility, Visibility::visible);
  EXPECT_EQ(r.correctness[0].seeds, 3);
  EXPECT_EQ(r.correctness[0].shapes, std::vector<Dims>{(Dims{3, 4, 5})});
  EXPECT_TRUE(r.performance.shape.empty());
  EXPECT_TRUE(r.performance.items.empty());
  EXPECT_TRUE(r.technique.empty());
  EXPECT_EQ(r.limits.build_seconds, 180);
  EXPECT_EQ(r.limits.test_seconds, 60);
  EXPECT_EQ(r.cpu_checks.sanitizer_max_dim, 64);
  EXPECT_EQ(r.cpu_checks.race_max_dim, 33);
  EXPECT_EQ(r.cpu_checks.orders, (std::vector<std::string>{"forward", "reverse", "random:1"}));
  EXPECT_EQ(r.cpu_checks.repeats_max_volume, 50'000'000);
  EXPECT_EQ(r.hidden_tests, HiddenTests::nothing);  // students see nothing of the hidden tests, as before the key
  EXPECT_EQ(total_points(r), 10);
}

// `hidden_tests` takes each of its three values, and they are the words the documentation gives.
TEST(RubricLoad, HiddenTestsTakesEachOfItsValues) {
  const std::pair<const char*, HiddenTests> values[] = {{"hidden-tests-nothing", HiddenTests::nothing},
                                                        {"hidden-tests-summary", HiddenTests::summary},
                                                        {"hidden-tests-after-due-date", HiddenTests::after_due_date}};
  for (const auto& [folder, rule] : values) {
    SCOPED_TRACE(folder);
    const Rubric r = load_rubric(fixture(folder), {kKitRoot});
    EXPECT_EQ(r.hidden_tests, rule);
    ASSERT_EQ(r.correctness.size(), 2u);
    EXPECT_EQ(r.correctness[1].visibility, Visibility::hidden);
  }
  EXPECT_EQ(hidden_tests_names(), (std::vector<std::string>{"nothing", "summary", "after_due_date"}));
}

TEST(RubricShape, SquareRubricsDescribeAWidthOthersAllDimensions) {
  Rubric square;
  square.square = true;
  EXPECT_EQ(describe_shape(square, {17, 17, 17}), "size 17");
  square.square_name = "Width";
  EXPECT_EQ(describe_shape(square, {17, 17, 17}), "Width 17");
  Rubric rect;
  EXPECT_EQ(describe_shape(rect, {67, 53, 64}), "67x53x64");
}

TEST(RubricErrorText, MessageStartsWithFileLineAndColumn) {
  const RubricError e("a/rubric.yaml", 7, 3, "something is wrong");
  EXPECT_EQ(std::string(e.what()), "a/rubric.yaml:7:3: something is wrong");
  const RubricError nowhere("a/rubric.yaml", 0, 0, "the rubric is empty");
  EXPECT_EQ(std::string(nowhere.what()), "a/rubric.yaml: the rubric is empty");
}

TEST(RubricInvalid, UnknownTopLevelKeyIsNamedAtTheKey) {
  expect_error_at("unknown-top-level-key", 10, 1, "unknown key 'pionts' in the rubric");
}

TEST(RubricInvalid, UnknownKeyInAGroupIsNamedAtTheKey) {
  expect_error_at("unknown-group-key", 12, 5, "unknown key 'size' in a correctness group");
}

TEST(RubricInvalid, PointsThatAreNotANumberAreReportedAtTheValue) {
  expect_error_at("wrong-type", 8, 13, "points must be a number, not 'ten'");
}

TEST(RubricInvalid, NegativePointsAreReportedAtTheValue) {
  expect_error_at("negative-points", 11, 13, "points must not be negative");
}

TEST(RubricInvalid, NegativeRepeatsVolumeIsReportedAtTheValue) {
  expect_error_at("negative-repeats-volume", 11, 23, "repeats_max_volume");
}

TEST(RubricInvalid, MissingRequiredKeyIsReportedAtTheMappingThatLacksIt) {
  expect_error_at("missing-required-key", 10, 5, "group 'no points' needs the key 'points'");
}

TEST(RubricInvalid, SizeThatIsNotASizeIsReportedAtTheSize) {
  expect_error_at("not-a-size", 9, 17, "'17x' is not a size");
}

TEST(RubricInvalid, SizeTooLargeForANumberIsReportedAtTheSize) {
  expect_error_at("size-too-large", 9, 17, "99999999999999999999");
}

TEST(RubricInvalid, RectangularSizeInASquareAssignmentIsReportedAtTheSize) {
  expect_error_at("non-square-size", 11, 9, "this assignment is square");
}

TEST(RubricInvalid, BaselineFileThatDoesNotExistIsReportedAtTheFile) {
  expect_error_at("missing-baseline-file", 15, 13,
                  "the file 'solutions/matmul-naive/no_such_file.cu' does not exist");
}

TEST(RubricInvalid, ItemNamingAnUndeclaredBaselineIsReportedAtTheName) {
  expect_error_at("unknown-baseline", 18, 17, "no baseline named 'fastest'");
}

TEST(RubricInvalid, AnAnchorThatIsNotABaselineIsReportedWithTheBaselines) {
  expect_error_at("anchor-not-a-baseline", 22, 15,
                  "the anchor 'refrence' is not a baseline (the rubric's baselines: reference, tiled)");
}

TEST(RubricInvalid, AnAnchorThatIsTheItemsOwnBaselineIsRefused) {
  expect_error_at("anchor-is-own-baseline", 22, 15,
                  "the anchor must be another baseline than the item's own: 'tiled' against itself is always 1x");
}

TEST(RubricInvalid, AnAnchoredCurveMustReachFullMarks) {
  expect_error_at("anchored-curve-never-full", 24, 14, "an anchored curve must reach full marks (a fraction of 1)");
}

TEST(RubricInvalid, CurveRatiosThatDecreaseAreReportedAtTheFirstOutOfOrderRatio) {
  expect_error_at("decreasing-curve", 20, 28, "curve ratios must increase");
}

TEST(RubricInvalid, PointsThatAreNotFiniteAreReportedAtTheValue) {
  expect_error_at("points-not-finite", 8, 13, "points");
}

TEST(RubricInvalid, UnknownVisibilityIsReportedAtTheValue) {
  expect_error_at("bad-visibility", 9, 17, "visibility must be visible, hidden or after_due_date, not 'secret'");
}

TEST(RubricInvalid, UnknownHiddenTestsValueIsReportedAtTheValueWithTheAllowedOnes) {
  expect_error_at("bad-hidden-tests", 11, 15,
                  "hidden_tests must be one of nothing, summary, after_due_date (what students see of the hidden "
                  "tests), not 'everything'");
}

TEST(RubricInvalid, YamlSyntaxErrorIsReportedWhereTheParserStopped) {
  expect_error_at("bad-yaml", 10, 1, "not valid YAML");
}

TEST(RubricInvalid, EmptyFileIsReportedAsEmpty) { expect_error_at("empty", 0, 0, "the rubric is empty"); }

TEST(RubricInvalid, MissingFileIsReportedAsMissing) {
  expect_error_at("no-such-assignment", 0, 0, "the rubric file does not exist");
}

TEST(RubricInvalid, AssignmentKeyMustNameTheRubricsFolder) {
  expect_error_at("folder-mismatch", 1, 13, "the rubric is in the folder 'folder-mismatch'");
}

TEST(RubricInvalid, BuildSettingAnUndeclaredKnobIsReportedAtTheKnob) {
  expect_error_at("undeclared-knob", 9, 32, "'TILE_DIM' is not one of the rubric's knobs (TILE_WIDTH)");
}

TEST(RubricInvalid, GroupNamingAnUnlistedFunctionIsReportedAtTheName) {
  expect_error_at("unknown-function", 9, 15, "no function named 'matmul_tiles' (the rubric's functions: matmul_tiled)");
}

TEST(RubricInvalid, UnknownInputsAreReportedWithTheProblemsOwn) {
  expect_error_at("unknown-inputs", 8, 13,
                  "the problem matmul has no inputs named 'half-precision' (it has exact, full-mantissa)");
}

TEST(RubricInvalid, UnknownVirtualDeviceIsReportedWithTheDevicesThereAre) {
  expect_error_at("unknown-device", 8, 21, "no virtual device 'gtx480' (there are cc80, small-shared, threads-256");
}

TEST(RubricInvalid, VirtualDeviceListedTwiceIsReportedAtTheSecond) {
  expect_error_at("repeated-device", 8, 35, "device 'small-shared' is listed twice");
}

TEST(RubricInvalid, SquareMustBeABooleanOrAName) {
  expect_error_at("bad-square", 5, 9, "square must be true, false or the name of the one size");
}

TEST(RubricInvalid, AssignmentFolderNeedsAHarness) {
  expect_error_at("no-harness", 0, 0, "no harness.cpp");
}

}  // namespace
}  // namespace kit
