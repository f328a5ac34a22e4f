// The correctness check without processes: a fake backend (run/runner_backend.h) builds nothing and
// answers each run with a scripted process ending (exit code, signal, the CPU runtime's diagnostics) or
// scripted outputs, and the grader's own readers and policies make the verdict from them.
#include "checks/correctness_run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <utility>

#include <unistd.h>

#include <gtest/gtest.h>
#include <kitcpu/run_protocol.h>

#include "checks/correctness_tests.h"
#include "run/run_ending.h"
#include "run/runner_backend.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// How one scripted run ends. By default: cleanly, with the right outputs.
struct ScriptedRun {
  ProcessResult process = exited(0);
  std::vector<kitcpu::Diagnostic> diagnostics;  // what the CPU runtime reported
  std::string outputs = "right";                // the first seed's output bytes, when the run ended cleanly
  std::string wrong;                            // the output judge's word when the outputs are wrong, or ""

  static ProcessResult exited(int code) {
    ProcessResult p;
    p.exit_code = code;
    return p;
  }
};

// Shaped like the CPU backend: three thread orders, then AddressSanitizer, the access checks and
// ThreadSanitizer in the forward order.
class FakeBackend final : public RunnerBackend {
 public:
  std::map<Flavour, BuildOutcome> failed_builds;
  std::map<std::pair<RunMode, std::string>, ScriptedRun> scripted;    // by mode and order
  std::map<std::string, ScriptedRun> scripted_tests;                  // the plain runs of a test, by its name
  std::map<std::string, std::vector<ScriptedRun>> scripted_attempts;  // a test's plain runs in turn, the last repeated
  bool large = false;

  // The runs made, in order: "Width 17 fast reverse".
  std::vector<std::string> runs() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return log_;
  }

  const char* name() const override { return "fake"; }
  bool on_gpu() const override { return false; }
  bool times_performance() const override { return false; }
  bool has_virtual_devices() const override { return true; }
  Flavour build_flavour(Flavour wanted) const override { return wanted; }
  BuildOutcome build(const BuildSpec& spec) const override {
    const auto failed = failed_builds.find(spec.flavour);
    if (failed != failed_builds.end()) return failed->second;
    return {true, (fs::path(spec.output_dir) / "runner").string(), "", "", 0};
  }
  std::unique_ptr<DeviceMemory> new_arena(Worker&, std::size_t bytes) const override {
    return host_device_memory(bytes);
  }
  const DeviceLimits& device_limits(Worker&, const TestCase&, DeviceLimits* scratch) const override {
    return *scratch;
  }
  void start_shared(Worker&) const override {}
  std::size_t kept_runners() const override { return 0; }
  bool groups_tests_by_build() const override { return false; }
  PlainRuns plain_runs(const Session&, const TestCase& t) const override {
    PlainRuns runs;
    runs.orders = {"forward", "reverse", "random:1"};
    runs.seeds = t.seeds;
    runs.large = large;
    if (large) {
      runs.orders.resize(1);
      runs.seeds.resize(1);
    }
    return runs;
  }
  CheckingRuns checking_runs() const override {
    return {{RunMode::asan, RunMode::access_checks, RunMode::tsan}, "forward"};
  }

  RunVerdict run(Session&, const RunnerRun& r) const override {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      log_.push_back(r.test.name + " " + name_of(r.mode) + " " + r.order);
    }
    ScriptedRun script;
    const auto attempts = scripted_attempts.find(r.test.name);
    const auto by_test = scripted_tests.find(r.test.name);
    const auto by_mode = scripted.find({r.mode, r.order});
    if (r.mode == RunMode::plain && attempts != scripted_attempts.end()) {
      const std::lock_guard<std::mutex> lock(mutex_);
      const std::size_t turn = std::min(attempts_made_[r.test.name]++, attempts->second.size() - 1);
      script = attempts->second[turn];
    } else if (r.mode == RunMode::plain && by_test != scripted_tests.end()) script = by_test->second;
    else if (by_mode != scripted.end()) script = by_mode->second;
    RunVerdict v;
    const RunEnding ending{r.mode, script.process, "", "", "", "matmul_tiled.cu", 10, 1, r.label};
    if (read_ending(ending, read_cpu_reports(script.diagnostics, {}), v)) return v;
    v.output_signatures = {script.outputs};
    if (!script.wrong.empty()) {
      v.message = script.wrong;
      v.details = r.label + "seed 1: " + script.wrong;
      v.finding.category = Category::wrong_answer;
    }
    v.passed = v.message.empty();
    return v;
  }

  void prepare_request(const Session&, const TestCase&, RunMode, const std::string&, const fs::path&,
                       ProcessRequest&) const override {}
  std::string runner_variant(const Session&, const TestCase&, RunMode) const override { return ""; }
  CpuReports read_reports(Session&, RunMode, const std::string&, const ProcessResult&, std::string*) const override {
    return {};
  }
  std::string launch_error_note(const std::string& error) const override { return " (" + error + ")"; }
  AccessProfile access_profile(Session&, const Function&, const Dims&) const override { return {}; }
  void prepare_function_run(ProcessRequest&) const override {}
  Dims timing_size(const Dims& size, const std::map<std::string, double>&) const override { return size; }
  KitTiming kit_timing() const override { return {false, "none"}; }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<std::string> log_;
  mutable std::map<std::string, std::size_t> attempts_made_;
};

kitcpu::Diagnostic cpu_error(const char* category, int line, const std::string& message) {
  kitcpu::Diagnostic d;
  d.severity = "error";
  d.category = category;
  d.file = "matmul_tiled.cu";
  d.line = line;
  d.message = message;
  return d;
}

ScriptedRun stopped_by_cpu_backend(const char* category, int line, const std::string& message) {
  ScriptedRun run;
  run.process = ScriptedRun::exited(kitcpu::kFatalDiagnosticExitCode);
  run.diagnostics = {cpu_error(category, line, message)};
  return run;
}

class CorrectnessRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    work_ = fs::temp_directory_path() / ("kit-fake-backend-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(work_);
    session_.worker.work_dir = work_.string();
    submission_.source = (work_ / "matmul_tiled.cu").string();
    assignment_.sandboxed = false;
    assignment_.backend_impl = &fake_;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(work_, ignored);
  }

  static TestCase test_of(const std::string& name, long width, Knobs build = {}) {
    TestCase t;
    t.group = "sizes";
    t.name = name;
    t.dims = {width};
    t.build = std::move(build);
    t.seeds = {1, 2, 3};
    t.points = 10;
    return t;
  }

  FakeBackend fake_;
  Assignment assignment_;
  Submission submission_;
  Worker worker_;
  Session session_{assignment_, submission_, worker_};
  fs::path work_;
};

TEST_F(CorrectnessRunTest, ARightFileRunsEverySeedInEveryOrderThenTheSanitizersAtASmallSize) {
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::passed);
  EXPECT_EQ(r.score, 10);
  EXPECT_EQ(r.message, "3 seeds, 3 thread orders");
  // The access checks explain a failure; a passed test has none.
  EXPECT_EQ(fake_.runs(), (std::vector<std::string>{"Width 17 fast forward", "Width 17 fast reverse",
                                                    "Width 17 fast random:1", "Width 17 asan forward",
                                                    "Width 17 tsan forward"}));
}

TEST_F(CorrectnessRunTest, ABigSizeRunsNoSanitizerAndALargeOneRunsOnce) {
  fake_.large = true;
  assignment_.rubric.cpu_checks.sanitizer_max_dim = 64;
  assignment_.rubric.cpu_checks.race_max_dim = 33;
  const TestResult r = run_correctness_test(session_, test_of("Width 1025", 1025));
  EXPECT_EQ(r.status, TestStatus::passed);
  EXPECT_EQ(r.message, "1 seed (a large size: the CPU backend repeats the smaller ones)");
  EXPECT_EQ(fake_.runs(), std::vector<std::string>{"Width 1025 fast forward"});
}

TEST_F(CorrectnessRunTest, OutputsThatChangeWithTheOrderAreARaceAndTheCheckingRunsLookForItsLine) {
  ScriptedRun reverse;
  reverse.outputs = "other";
  reverse.wrong = "3 of 289 elements wrong";
  fake_.scripted[{RunMode::plain, "reverse"}] = reverse;
  fake_.scripted[{RunMode::tsan, "forward"}] =
      stopped_by_cpu_backend(kitcpu::category::kDataRace, 41, "a data race on Mds between two threads");
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.score, 0);
  // The race detector names the line: it heads the test, and the orders' disagreement goes under it.
  EXPECT_EQ(r.message, "missing __syncthreads suspected at matmul_tiled.cu:41");
  EXPECT_NE(r.details.find("the result changes with the order in which the threads run: two threads store one"), std::string::npos)
      << r.details;
  EXPECT_NE(r.details.find("thread order reverse: 3 of 289 elements wrong"), std::string::npos) << r.details;
  EXPECT_EQ(r.diagnosis.category, "missing-barrier");
  EXPECT_EQ(r.diagnosis.line, 41);
  // Unlocated until the race detector ran: the access checks ran before it.
  const std::vector<std::string> runs = fake_.runs();
  ASSERT_EQ(runs.size(), 6u);
  EXPECT_EQ(runs[4], "Width 17 checks forward");
  EXPECT_EQ(runs[5], "Width 17 tsan forward");
}

// The same disagreement in a file whose kernels have no shared memory: no barrier is suspected.
TEST_F(CorrectnessRunTest, OrdersThatDisagreeWithoutSharedMemoryBlameNoBarrier) {
  std::ofstream(submission_.source) << "__global__ void MatrixMulKernel(float* P, int Width) { P[0] = Width; }\n";
  ScriptedRun reverse;
  reverse.outputs = "other";
  reverse.wrong = "3 of 289 elements wrong";
  fake_.scripted[{RunMode::plain, "reverse"}] = reverse;
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message.find("__syncthreads"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("no barrier is missing"), std::string::npos) << r.message;
}

TEST_F(CorrectnessRunTest, ACrashEndsThePlainRunsAndLeavesTheCheckingRunsNothingToExplain) {
  ScriptedRun crash;
  crash.process.exit_code = -1;
  crash.process.signal = 11;
  fake_.scripted[{RunMode::plain, "forward"}] = crash;
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message.rfind("crashed: ", 0), 0u) << r.message;
  EXPECT_EQ(r.diagnosis.category, "crash");
  EXPECT_EQ(fake_.runs(), std::vector<std::string>{"Width 17 fast forward"});
}

TEST_F(CorrectnessRunTest, TheCpuBackendsDiagnosticHeadsTheTestWithItsLine) {
  fake_.scripted[{RunMode::plain, "forward"}] =
      stopped_by_cpu_backend(kitcpu::category::kDivergentBarrier, 68, "threads of block (1,0,0) wait at two barriers");
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message, "divergent __syncthreads at matmul_tiled.cu:68");
  EXPECT_EQ(r.diagnosis.category, "divergent-barrier");
  EXPECT_EQ(r.diagnosis.line, 68);
}

TEST_F(CorrectnessRunTest, AWrongAnswerWithoutALineIsHeadedByTheSanitizerThatNamesOne) {
  ScriptedRun wrong;
  wrong.wrong = "33 of 289 elements wrong";
  for (const char* order : {"forward", "reverse", "random:1"}) fake_.scripted[{RunMode::plain, order}] = wrong;
  fake_.scripted[{RunMode::asan, "forward"}] =
      stopped_by_cpu_backend(kitcpu::category::kGlobalOutOfBounds, 37, "out-of-bounds read of 4 bytes past M");
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message, "out-of-bounds read at matmul_tiled.cu:37");
  // The wrong answer is kept, under the finding that explains it.
  EXPECT_EQ(r.details.rfind("33 of 289 elements wrong", 0), 0u) << r.details;
  EXPECT_EQ(r.diagnosis.line, 37);
  // Located by AddressSanitizer: the access checks have nothing left to place.
  const std::vector<std::string> runs = fake_.runs();
  ASSERT_EQ(runs.size(), 5u);
  EXPECT_EQ(runs[3], "Width 17 asan forward");
  EXPECT_EQ(runs[4], "Width 17 tsan forward");
}

TEST_F(CorrectnessRunTest, AFindingOfTheRaceDetectorThatIsNoRaceDoesNotCount) {
  fake_.scripted[{RunMode::tsan, "forward"}] =
      stopped_by_cpu_backend(kitcpu::category::kDivergentBarrier, 68, "threads wait at two barriers");
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::passed) << r.message;
}

TEST_F(CorrectnessRunTest, ACheckingBuildThatFailsFailsTheTestSayingWhich) {
  fake_.failed_builds[Flavour::asan] = {false, "", "error: x", "the C++ compiler (CPU backend) failed (exit code 1)", 0};
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message,
            "the AddressSanitizer build of your file failed: the C++ compiler (CPU backend) failed (exit code 1)");
}

TEST_F(CorrectnessRunTest, TheAccessChecksBuildFailingAddsNothingToAFailure) {
  ScriptedRun wrong;
  wrong.wrong = "33 of 289 elements wrong";
  fake_.scripted[{RunMode::plain, "forward"}] = wrong;
  fake_.failed_builds[Flavour::access] = {false, "", "", "the C++ compiler (CPU backend) failed (exit code 1)", 0};
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.message, "33 of 289 elements wrong");
  EXPECT_EQ(r.details.find("access"), std::string::npos) << r.details;
}

TEST_F(CorrectnessRunTest, AFileThatDoesNotBuildRunsNothing) {
  fake_.failed_builds[Flavour::fast] = {false, "", "matmul_tiled.cu(3): error", "nvcc failed (exit code 1)", 0};
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message, "not run: nvcc failed (exit code 1)");
  EXPECT_TRUE(fake_.runs().empty());
}

TEST_F(CorrectnessRunTest, AfterATestHangsTheSameBuildsLaterTestsAreNotRun) {
  ScriptedRun hang;
  hang.process.exit_code = -1;
  hang.process.timed_out = true;
  fake_.scripted_tests["Width 17"] = hang;
  const Knobs tile8 = {{"TILE_WIDTH", 8}};
  session_.worker.learned.knob_checks[knobs_key(tile8)] = "";  // the file leaves TILE_WIDTH to the build: nothing to preprocess
  const std::vector<TestCase> cases = {test_of("Width 16", 16), test_of("Width 17", 17),
                                       test_of("Width 17, TILE_WIDTH 8", 17, tile8), test_of("Width 33", 33)};
  const TestSchedule one_at_a_time{1, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results = run_correctness_tests(session_, cases, one_at_a_time).tests;
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(results[0].status, TestStatus::passed);
  EXPECT_EQ(results[1].message.rfind("timed out after 10 s", 0), 0u) << results[1].message;
  EXPECT_EQ(results[2].status, TestStatus::passed);  // another build
  EXPECT_EQ(results[3].message, "not run: the same build timed out on Width 17, so its other tests are not run");
  for (const std::string& run : fake_.runs()) EXPECT_EQ(run.find("Width 33"), std::string::npos) << run;
}

// A GPU grading where the CPU backend is built: the tests of virtual devices run on the CPU twin, the
// others on the grading's own backend, and the results keep the rubric's order. A tile that only the small
// device breaks fails there, as it does on the CPU backend alone.
TEST_F(CorrectnessRunTest, VirtualDeviceTestsRunOnTheCpuTwin) {
  FakeBackend cpu;
  ScriptedRun small_tile;
  small_tile.wrong = "12 of 1089 elements wrong";
  small_tile.outputs = "wrong";
  cpu.scripted_tests["Width 33 on small-shared"] = small_tile;
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  assignment_.cpu_twin = &twin;
  TestCase on_cc80 = test_of("Width 33 on cc80", 33), on_small = test_of("Width 33 on small-shared", 33);
  on_cc80.device = "cc80";
  on_small.device = "small-shared";
  const TestSchedule two{2, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results =
      run_correctness_tests(session_, {test_of("Width 33", 33), on_cc80, on_small}, two).tests;
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].name, "Width 33");
  EXPECT_EQ(results[0].status, TestStatus::passed);
  EXPECT_EQ(results[1].name, "Width 33 on cc80");
  EXPECT_EQ(results[1].status, TestStatus::passed);
  EXPECT_EQ(results[2].name, "Width 33 on small-shared");
  EXPECT_EQ(results[2].status, TestStatus::failed);
  for (const std::string& run : fake_.runs()) EXPECT_EQ(run.find(" on "), std::string::npos) << run;
  // The twin runs the virtual devices, and the GPU's own test once more (ABugTheGpuHides...).
  for (const std::string& run : cpu.runs())
    EXPECT_TRUE(run.find(" on ") != std::string::npos || run.rfind("Width 33 ", 0) == 0) << run;
  EXPECT_FALSE(cpu.runs().empty());
}

// A file the CPU backend cannot build beside the GPU: its virtual devices are not measured, never failed.
TEST_F(CorrectnessRunTest, AFileTheCpuTwinCannotBuildLeavesItsVirtualDevicesUnmeasured) {
  FakeBackend cpu;
  cpu.failed_builds[Flavour::fast] = {false, "", "", "the C++ compiler (CPU backend) failed", 1};
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  assignment_.cpu_twin = &twin;
  TestCase on_cc80 = test_of("Width 33 on cc80", 33);
  on_cc80.device = "cc80";
  const TestSchedule one{1, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results = run_correctness_tests(session_, {test_of("Width 33", 33), on_cc80}, one).tests;
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].status, TestStatus::passed);
  EXPECT_DOUBLE_EQ(results[0].score, 20);  // the group's points, all on the GPU's test
  EXPECT_DOUBLE_EQ(results[0].max_score, 20);
  EXPECT_EQ(results[1].status, TestStatus::skipped);
  EXPECT_EQ(results[1].score, 0);
  EXPECT_EQ(results[1].max_score, 0);
  EXPECT_NE(results[1].message.find("could not build this file (the C++ compiler (CPU backend) failed)"), std::string::npos)
      << results[1].message;
  EXPECT_TRUE(cpu.runs().empty());
}

ScriptedRun out_of_time() {
  ScriptedRun run;
  run.process.exit_code = -1;
  run.process.timed_out = true;
  return run;
}

// A bug the GPU's run hides (a barrier some threads skip) is found by the CPU twin, which runs again, per
// function, the largest small test whose size is not a multiple of 16: the GPU's test fails with the
// CPU backend's finding, and no other test runs twice.
TEST_F(CorrectnessRunTest, ABugTheGpuHidesFailsTheTestTheCpuTwinRanAgain) {
  FakeBackend cpu;
  cpu.scripted_tests["Width 17"] =
      stopped_by_cpu_backend(kitcpu::category::kDivergentBarrier, 18, "divergent __syncthreads at matmul_tiled.cu:18");
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  twin.sanitizer_builds = false;  // as the grading makes it: the GPU's memcheck and racecheck stand in
  assignment_.cpu_twin = &twin;
  const TestSchedule two{2, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results =
      run_correctness_tests(session_, {test_of("Width 16", 16), test_of("Width 17", 17), test_of("Width 100", 100)}, two)
          .tests;
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].status, TestStatus::passed);
  EXPECT_EQ(results[1].status, TestStatus::failed);
  EXPECT_EQ(results[1].score, 0);
  EXPECT_EQ(results[1].message.rfind("on the CPU backend: ", 0), 0u) << results[1].message;
  EXPECT_NE(results[1].details.find("This GPU's run gave the right result"), std::string::npos) << results[1].details;
  EXPECT_EQ(results[1].diagnosis.line, 18);
  EXPECT_EQ(results[2].status, TestStatus::passed);
  for (const std::string& run : cpu.runs()) {
    EXPECT_EQ(run.rfind("Width 17 ", 0), 0u) << run;
    EXPECT_EQ(run.find("san "), std::string::npos) << run;
  }
  EXPECT_FALSE(cpu.runs().empty());
}

// A test both backends fail: the GPU's count stays, and the CPU backend's line joins its details.
TEST_F(CorrectnessRunTest, ATestBothBackendsFailGetsTheCpuBackendsLine) {
  FakeBackend cpu;
  cpu.scripted_tests["Width 17"] =
      stopped_by_cpu_backend(kitcpu::category::kGlobalOutOfBounds, 37, "out-of-bounds read of 4 bytes past M");
  ScriptedRun wrong;
  wrong.wrong = "12 of 289 elements wrong";
  wrong.outputs = "wrong";
  fake_.scripted_tests["Width 17"] = wrong;
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  assignment_.cpu_twin = &twin;
  const TestSchedule one{1, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results = run_correctness_tests(session_, {test_of("Width 17", 17)}, one).tests;
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, TestStatus::failed);
  EXPECT_EQ(results[0].message.rfind("12 of 289 elements wrong", 0), 0u) << results[0].message;
  EXPECT_NE(results[0].details.find("names the line: "), std::string::npos) << results[0].details;
  EXPECT_EQ(results[0].diagnosis.line, 37);
}

// What the twin could not say anything with (a test it ran out of time on) leaves the GPU's result as it was.
TEST_F(CorrectnessRunTest, ATimeoutOnTheCpuTwinLeavesTheGpuResult) {
  FakeBackend cpu;
  cpu.scripted_attempts["Width 17"] = {out_of_time()};
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  assignment_.cpu_twin = &twin;
  const TestSchedule one{1, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results = run_correctness_tests(session_, {test_of("Width 17", 17)}, one).tests;
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, TestStatus::passed) << results[0].message;
  EXPECT_FALSE(cpu.runs().empty());
}

// A hang on the CPU backend alone may be its own limit (a spin on another block's flag waits forever where
// blocks take turns): it leaves the GPU's pass as it was.
TEST_F(CorrectnessRunTest, AHangOnlyTheCpuTwinSeesLeavesTheGpuResult) {
  FakeBackend cpu;
  cpu.scripted_tests["Width 17"] = stopped_by_cpu_backend(kitcpu::category::kHang, 25, "no thread made progress");
  Assignment twin = assignment_;
  twin.backend_impl = &cpu;
  assignment_.cpu_twin = &twin;
  const TestSchedule one{1, std::chrono::steady_clock::now(), 600};
  const std::vector<TestResult> results = run_correctness_tests(session_, {test_of("Width 17", 17)}, one).tests;
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, TestStatus::passed) << results[0].message;
  EXPECT_FALSE(cpu.runs().empty());
}


// A run slowed past the limit by something beside it (another grading, a profiler) is not the student's:
// the second attempt finishes and is the one graded, and the report says so.
TEST_F(CorrectnessRunTest, ATestThatRanOutOfTimeOnceIsGradedOnItsSecondAttempt) {
  fake_.scripted_attempts["Width 17"] = {out_of_time(), ScriptedRun{}};
  bool hung = true;
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17), &hung);
  EXPECT_EQ(r.status, TestStatus::passed) << r.message;
  EXPECT_FALSE(hung);
  EXPECT_NE(r.details.find("the first attempt ran out of time"), std::string::npos) << r.details;
}

TEST_F(CorrectnessRunTest, ATestThatRunsOutOfTimeTwiceFails) {
  fake_.scripted_attempts["Width 17"] = {out_of_time()};
  bool hung = false;
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17), &hung);
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.message.rfind("timed out after 10 s", 0), 0u) << r.message;
  EXPECT_TRUE(hung);
  EXPECT_NE(r.details.find("run twice: both attempts ran out of time"), std::string::npos) << r.details;
  std::size_t plain = 0;
  for (const std::string& run : fake_.runs()) plain += run == "Width 17 fast forward";
  EXPECT_EQ(plain, 2u);
}

// On a GPU a run that stops returning is stopped by the stall watchdog: a busy machine can do that too.
TEST_F(CorrectnessRunTest, AStalledRunGetsASecondAttempt) {
  ScriptedRun stalled = out_of_time();
  stalled.process.stalled = true;
  fake_.scripted_attempts["Width 17"] = {stalled, ScriptedRun{}};
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::passed) << r.message;
}

// A hang the CPU backend's watchdog names is its diagnosis, the same on every attempt: it is not run twice.
TEST_F(CorrectnessRunTest, AHangTheCpuBackendNamesIsNotRunTwice) {
  fake_.scripted_attempts["Width 17"] = {stopped_by_cpu_backend(kitcpu::category::kHang, 25, "threads wait at a barrier"),
                                         ScriptedRun{}};
  const TestResult r = run_correctness_test(session_, test_of("Width 17", 17));
  EXPECT_EQ(r.status, TestStatus::failed);
  EXPECT_EQ(r.details.find("attempt"), std::string::npos) << r.details;
}

// `check --first-failure`: every test before the first failing one runs, whatever the number of workers,
// and none after it; they are listed as skipped, never failed.
TEST_F(CorrectnessRunTest, FirstFailureStopsAfterTheFirstFailingTestInTheRubricsOrder) {
  ScriptedRun wrong;
  wrong.wrong = "1 of 289 elements wrong";
  fake_.scripted_tests["Width 17"] = wrong;
  fake_.scripted_tests["Width 65"] = wrong;
  const std::vector<TestCase> cases = {test_of("Width 16", 16), test_of("Width 17", 17), test_of("Width 33", 33),
                                       test_of("Width 65", 65)};
  for (const int jobs : {1, 4}) {
    TestSchedule schedule{jobs, std::chrono::steady_clock::now(), 600};
    schedule.stop_at_first_failure = true;
    const std::vector<TestResult> results = run_correctness_tests(session_, cases, schedule).tests;
    ASSERT_EQ(results.size(), 4u);
    EXPECT_EQ(results[0].status, TestStatus::passed);
    EXPECT_EQ(results[1].status, TestStatus::failed);
    for (const std::size_t i : {2u, 3u}) {
      EXPECT_EQ(results[i].status, TestStatus::skipped) << jobs;
      EXPECT_EQ(results[i].message, "not run: --first-failure stopped at Width 17");
      EXPECT_EQ(results[i].score, 0);
    }
    // One worker takes the tests in order: nothing after Width 17 started.
    if (jobs == 1)
      for (const std::string& run : fake_.runs()) {
        EXPECT_EQ(run.find("Width 33"), std::string::npos) << run;
        EXPECT_EQ(run.find("Width 65"), std::string::npos) << run;
      }
  }
}

TEST_F(CorrectnessRunTest, NoTestStartsOnceTheSubmissionsTimeIsUsedUp) {
  const TestSchedule late{1, std::chrono::steady_clock::now() - std::chrono::seconds(5), 2};
  const std::vector<TestResult> results =
      run_correctness_tests(session_, {test_of("Width 16", 16), test_of("Width 17", 17)}, late).tests;
  ASSERT_EQ(results.size(), 2u);
  for (const TestResult& r : results) {
    EXPECT_EQ(r.status, TestStatus::failed);
    EXPECT_EQ(r.message, "not run: the submission used up its time budget of 2 s");
  }
  EXPECT_TRUE(fake_.runs().empty());
}

}  // namespace
}  // namespace kit
