// A hand-made grading result that the report tests share: every status, hidden tests, a measured and an
// unmeasured performance test, multi-line details.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "result/result.h"

namespace kit::report_samples {

inline TestResult make_test(std::string name, std::string group, TestCategory category, TestStatus status,
                            double score, double max_score, std::string message, std::string details = "") {
  TestResult test;
  test.name = std::move(name);
  test.group = std::move(group);
  test.category = category;
  test.status = status;
  test.score = score;
  test.max_score = max_score;
  test.message = std::move(message);
  test.details = std::move(details);
  return test;
}

// The result of a GPU run: builds, fails a boundary size, could not check another (it needs a regrade), is
// measured.
inline GradeResult gpu_result() {
  GradeResult result;
  result.assignment = "matmul-tiled";
  result.title = "Tiled matrix multiplication";
  result.submission = "starter/matmul-tiled/matmul.cu";
  result.backend = "cuda";
  result.backend_reason = "auto: a usable GPU was found";
  result.device = {"NVIDIA H100 80GB HBM3", "580.159.04", "9.0", 1755, 1980, 2619};
  result.execution_time_s = 41.6;
  result.stages = {{"build", 12.5}, {"correctness runs", 20.3}, {"timed runs", 8.5}};
  result.kit_version = "0.1.0";

  using C = TestCategory;
  using S = TestStatus;
  result.tests.push_back(make_test("compiles", "build", C::build, S::passed, 0, 0, "nvcc: no warnings"));
  result.tests.push_back(make_test("Width 16", "multiples of the tile", C::correctness, S::passed, 10, 10,
                                   "256 of 256 elements right (3 seeds)"));
  result.tests.push_back(make_test("Width 64", "multiples of the tile", C::correctness, S::passed, 10, 10,
                                   "4096 of 4096 elements right (3 seeds)"));
  result.tests.push_back(make_test("Width 17", "not a multiple of the tile", C::correctness, S::failed, 0, 15,
                                   "33 of 289 elements wrong",
                                   "first wrong: P[16][0] expected 3.0625, got 2.8125\n"
                                   "wrong output tiles (16x16):\n"
                                   "  . X\n"
                                   "  X X\n"));
  result.tests.back().diagnosis = {"uninitialized-shared-read", "", "matmul.cu", 57};
  result.tests.push_back(make_test("Width 1000", "not a multiple of the tile", C::correctness, S::error, 0, 7.5,
                                   "not checked: the sandbox could not reach /dev/nvidia-uvm",
                                   "bwrap: Can't bind mount /dev/nvidia-uvm: No such file or directory\n"
                                   "\tthe runner did not start"));
  TestResult hidden = make_test("Width 1021", "hidden sizes", C::correctness, S::failed, 0, 7.5,
                                "12 of 1042441 elements wrong", "first wrong: P[1020][3]");
  hidden.visibility = "hidden";
  hidden.diagnosis = {"wrong-answer", "the phase count rounds down", "", 0};
  result.tests.push_back(hidden);
  TestResult later = make_test("Width 333", "hidden sizes", C::correctness, S::passed, 7.5, 7.5,
                               "110889 of 110889 elements right");
  later.visibility = "after_due_date";
  result.tests.push_back(later);
  TestResult perf = make_test("throughput at Width 4096", "speed", C::performance, S::passed, 22.86, 30,
                              "8,100 GFLOP/s = 0.91x the reference, 1.52x the naive kernel");
  perf.metrics = {{"gflops", 8100.0}, {"ratio_to_reference", 0.91}, {"ratio_to_naive", 1.52}, {"seconds", 0.0169}};
  result.tests.push_back(perf);
  result.tests.push_back(make_test("uses shared memory", "technique", C::technique, S::passed, 5, 5,
                                   "2048 bytes per block"));
  result.tests.push_back(make_test("no bank conflicts", "technique", C::technique, S::skipped, 0, 5,
                                   "not checked: Nsight Compute is not installed"));
  result.leaderboard.push_back({"GFLOP/s", 8100, true});
  result.leaderboard.push_back({"seconds", 0.0169, false});
  for (const TestResult& test : result.tests) {
    result.score += test.score;
    result.max_score += test.max_score;
  }
  return result;
}

// gpu_result with hidden tests in two groups, what students see of them decided by `rule` (hidden_tests):
// "hidden sizes" fails Width 1021 and Width 1009 and passes Width 45, "random sizes" fails Width 777 (each
// with its message, details and a diagnosis); Width 333 is still shown after the due date. Indices 5 to 8.
inline GradeResult hidden_result(HiddenTests rule) {
  GradeResult result = gpu_result();
  result.hidden_tests = rule;
  const auto hidden = [](std::string name, std::string group, TestStatus status, double score, std::string message,
                         std::string details) {
    TestResult test = make_test(std::move(name), std::move(group), TestCategory::correctness, status, score, 5,
                                std::move(message), std::move(details));
    test.visibility = "hidden";
    if (status != TestStatus::passed) test.diagnosis = {"write-conflict", "two threads write P[i][j]", "matmul.cu", 61};
    return test;
  };
  const std::vector<TestResult> more = {
      hidden("Width 1009", "hidden sizes", TestStatus::failed, 0, "9 of 1018081 elements wrong",
             "first wrong: P[1008][7] expected 1.5, got 0"),
      hidden("Width 45", "hidden sizes", TestStatus::passed, 5, "2025 of 2025 elements right", ""),
      hidden("Width 777", "random sizes", TestStatus::failed, 0, "seed 4242: 5 of 603729 elements wrong",
             "first wrong: P[776][0] expected 2.25, got 2.5")};
  result.tests.insert(result.tests.begin() + 6, more.begin(), more.end());
  result.score = result.max_score = 0;
  for (const TestResult& test : result.tests) {
    result.score += test.score;
    result.max_score += test.max_score;
  }
  return result;
}

// The same submission graded without a GPU: performance is not measured.
inline GradeResult cpu_result() {
  GradeResult result;
  result.assignment = "matmul-tiled";
  result.title = "Tiled matrix multiplication";
  result.submission = "matmul.cu";
  result.backend = "cpu";
  result.backend_reason = "auto: no usable GPU (no CUDA driver)";
  result.device.name = "CPU backend (virtual device)";
  result.execution_time_s = 3.2;
  result.kit_version = "0.1.0";
  result.tests.push_back(make_test("Width 17", "not a multiple of the tile", TestCategory::correctness,
                                   TestStatus::passed, 20, 20, "289 of 289 elements right"));
  result.tests.push_back(make_test("throughput at Width 4096", "speed", TestCategory::performance,
                                   TestStatus::skipped, 0, 30, "not measured: no GPU (CPU backend)"));
  result.score = 20;
  result.max_score = 50;
  return result;
}

}  // namespace kit::report_samples
