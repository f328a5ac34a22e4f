// What each backend decides, pinned: the runs a test makes on it, what a run is started with, and the
// names results carry.
#include "backends/backend_table.h"

#include <algorithm>

#include <gtest/gtest.h>
#include <kitcpu/run_protocol.h>

#include "run/session.h"

namespace kit {
namespace {

TestCase sized(long width) {
  TestCase t;
  t.name = "Width " + std::to_string(width);
  t.dims = {width, width};
  t.seeds = {1, 2, 3};
  return t;
}

std::string env_value(const ProcessRequest& req, const std::string& name) {
  const auto found = std::find_if(req.env.begin(), req.env.end(), [&](const auto& v) { return v.first == name; });
  return found == req.env.end() ? "(unset)" : found->second;
}

TEST(RunnerBackend, EachKindIsItsBackendAndResultsNameItSo) {
  EXPECT_STREQ(runner_backend(Backend::cuda).name(), "cuda");
  EXPECT_STREQ(runner_backend(Backend::cpu).name(), "cpu");
  EXPECT_STREQ(to_string(Backend::cuda), "cuda");
  EXPECT_STREQ(to_string(Backend::cpu), "cpu");
  EXPECT_EQ(backend_named("cuda"), Backend::cuda);
  EXPECT_EQ(backend_named("cpu"), Backend::cpu);
  EXPECT_EQ(backend_named("auto"), std::nullopt);
  Assignment a;
  EXPECT_THROW(backend_of(a), std::logic_error);
  a.backend_impl = &runner_backend(Backend::cuda);
  EXPECT_EQ(&backend_of(a), &cuda_backend());
  a.backend_impl = &cpu_backend();
  EXPECT_EQ(&backend_of(a), &cpu_backend());
}

TEST(RunnerBackend, TheCpuBackendRunsEveryOrderUnlessTheSizeIsLarge) {
  Assignment a;
  Submission sub;
  Worker w;
  Session s{a, sub, w};
  a.rubric.cpu_checks.repeats_max_volume = 1000;
  const PlainRuns small = cpu_backend().plain_runs(s, sized(31));
  EXPECT_EQ(small.orders, s.assignment.rubric.cpu_checks.orders);
  EXPECT_EQ(small.seeds.size(), 3u);
  EXPECT_FALSE(small.large);
  const PlainRuns large = cpu_backend().plain_runs(s, sized(32));
  EXPECT_EQ(large.orders, std::vector<std::string>{"forward"});
  EXPECT_EQ(large.seeds, std::vector<std::uint64_t>{1});
  EXPECT_TRUE(large.large);
}

TEST(RunnerBackend, AGpuRunsOnceInItsOwnOrderWithEverySeed) {
  Assignment a;
  Submission sub;
  Worker w;
  Session s{a, sub, w};
  const PlainRuns runs = cuda_backend().plain_runs(s, sized(4096));
  EXPECT_EQ(runs.orders, std::vector<std::string>{""});
  EXPECT_EQ(runs.seeds.size(), 3u);
  EXPECT_FALSE(runs.large);
}

TEST(RunnerBackend, EachBackendHasItsOwnCheckingRunsAndBuilds) {
  const CheckingRuns cpu = cpu_backend().checking_runs();
  EXPECT_EQ(cpu.modes, (std::vector<RunMode>{RunMode::asan, RunMode::access_checks, RunMode::tsan}));
  EXPECT_EQ(cpu.order, "forward");
  const CheckingRuns cuda = cuda_backend().checking_runs();
  EXPECT_EQ(cuda.modes, (std::vector<RunMode>{RunMode::racecheck, RunMode::memcheck}));
  EXPECT_EQ(cuda.order, "");
  EXPECT_EQ(cpu_backend().build_flavour(Flavour::tsan), Flavour::tsan);
  EXPECT_EQ(cuda_backend().build_flavour(Flavour::tsan), Flavour::fast);  // compute-sanitizer wraps the one runner
}

TEST(RunnerBackend, TheCpuRuntimeIsToldItsOrderAndOneWorkerWhereItLooksForRaces) {
  Assignment a;
  Submission sub;
  Worker w;
  Session s{a, sub, w};
  a.rubric.cpu_checks.repeats_max_volume = 1000;
  ProcessRequest req;
  req.timeout_s = 60;
  cpu_backend().prepare_request(s, sized(31), RunMode::access_checks, "forward", "/scratch", req);
  EXPECT_EQ(env_value(req, kitcpu::env::kOrder), "forward");
  EXPECT_EQ(env_value(req, kitcpu::env::kReport), "/scratch/diagnostics.jsonl");
  EXPECT_EQ(env_value(req, kitcpu::env::kWorkers), "1");
  EXPECT_EQ(env_value(req, kitcpu::env::kChecks), "1");
  ProcessRequest large;
  cpu_backend().prepare_request(s, sized(32), RunMode::plain, "forward", "/scratch", large);
  EXPECT_EQ(env_value(large, kitcpu::env::kWorkers), "(unset)");
  EXPECT_EQ(env_value(large, kitcpu::env::kChecks), "(unset)");
  // A runner of every worker is not one of a single worker: they are kept apart.
  EXPECT_EQ(cpu_backend().runner_variant(s, sized(31), RunMode::plain), "");
  EXPECT_EQ(cpu_backend().runner_variant(s, sized(32), RunMode::plain), "\nworkers");
}

TEST(RunnerBackend, AGpuRunStallsAtTheRunLimitLongerUnderComputeSanitizer) {
  Assignment a;
  Submission sub;
  Worker w;
  Session s{a, sub, w};
  a.rubric.limits.run_seconds = 10;
  ProcessRequest plain, memcheck;
  cuda_backend().prepare_request(s, sized(31), RunMode::plain, "", "/scratch", plain);
  cuda_backend().prepare_request(s, sized(31), RunMode::memcheck, "", "/scratch", memcheck);
  EXPECT_EQ(plain.stall_timeout_s, 10);
  EXPECT_EQ(memcheck.stall_timeout_s, 10 * kSanitizerSlowdown);
  EXPECT_TRUE(plain.env.empty());
}

TEST(RunnerBackend, OnlyTheCpuBackendCapsATimingChecksSize) {
  const std::map<std::string, double> limits = {{"cpu_max_elements", 1000}};
  EXPECT_EQ(cpu_backend().timing_size({1 << 20}, limits), Dims{1000});
  EXPECT_EQ(cuda_backend().timing_size({1 << 20}, limits), Dims{1 << 20});
  EXPECT_EQ(cpu_backend().timing_size({10}, limits), Dims{10});
}

TEST(RunnerBackend, ARefusedLaunchNamesTheGpusErrorAsTheGpus) {
  EXPECT_EQ(cuda_backend().launch_error_note("cudaErrorInvalidConfiguration: invalid"),
            " (the GPU's error: cudaErrorInvalidConfiguration: invalid)");
  EXPECT_EQ(cpu_backend().launch_error_note("cudaErrorInvalidConfiguration: invalid"),
            " (cudaErrorInvalidConfiguration: invalid)");
}

}  // namespace
}  // namespace kit
