#include "kit/performance_run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "kit/channel.h"
#include "kit/compare.h"
#include "kit/process.h"
#include "kit/random.h"
#include "kit/scoring.h"
#include "kit/tolerance.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr int kChannelFd = 3;
constexpr std::size_t kSpotChecks = 1024;
constexpr double kSuspiciousSpeedup = 10.0;
constexpr double kNoisyRoundSpread = 0.05;  // rounds further apart than this get extra rounds
constexpr int kExtraRounds = 2;

struct Measurement {
  std::string error;
  std::vector<double> medians_ms;  // one per round
  double sm_clock_mhz = 0;
  double nominal_sm_clock_mhz = 0;
  double memory_bandwidth_gbs = 0;
  int discarded_throttled = 0;
  std::string output_problem;  // non-empty when the output after timing was wrong
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

std::string fmt(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string gflops_text(double gflops) {
  std::string digits = fmt(gflops, 0), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out + " GFLOP/s";
}

// The output of the last timed run, spot-checked against the fp64 reference at random elements, and
// checked whole for elements never written.
std::string check_output_after_timing(Session& s, const Dims& dims, std::uint64_t seed, const std::string& bytes) {
  const auto shapes = s.problem->inputs->output_shapes(dims);
  if (bytes.size() != shapes[0].count() * sizeof(float)) return "the output after timing has the wrong size";
  std::vector<float> got(shapes[0].count());
  std::memcpy(got.data(), bytes.data(), bytes.size());
  for (float g : got)
    if (is_poison(g)) return "some elements were never written in the timed runs";
  const Arrays inputs = s.problem->inputs->generate_inputs(dims, seed);
  Rng rng{derive_seed(seed, "spot checks")};
  for (std::size_t i = 0; i < kSpotChecks; ++i) {
    const std::size_t index = uniform_below(rng, got.size());
    double scale = 0;
    const double expected = s.problem->reference_element(dims, inputs, 0, index, &scale);
    if (!(std::fabs(got[index] - expected) <= allowed_error(s.rubric.tolerance, scale)))
      return "the output of the timed runs is wrong at element " + std::to_string(index) + " (expected " +
             fmt(expected, 4) + ", got " + fmt(got[index], 4) + ")";
  }
  return {};
}

void measure_round(Session& s, const std::string& exe, std::uint64_t seed, bool check_output, Measurement& m) {
  const Dims& dims = s.rubric.performance.shape;
  ProcessRequest req;
  req.argv = {exe, "--channel-fd", std::to_string(kChannelFd), "--mode", "perf", "--dims",
              std::to_string(dims[0]) + "," + std::to_string(dims[1]) + "," + std::to_string(dims[2]), "--seeds",
              std::to_string(seed), "--max-seconds", fmt(s.rubric.performance.max_seconds, 2)};
  req.channel_fd = kChannelFd;
  req.timeout_s = s.rubric.performance.max_seconds * 6 + s.rubric.limits.test_seconds;
  req.working_dir = s.work_dir;
  ProcessResult p = run_process(req);
  const auto records = parse_records(p.channel, nullptr);
  if (!p.ok() || records.empty()) {
    m.error = "the timed run " + describe_ending(p, req.timeout_s);
    return;
  }
  nlohmann::json j = nlohmann::json::parse(records[0].bytes, nullptr, false);
  if (!j.is_object() || !j.value("error", std::string()).empty()) {
    m.error = j.is_object() ? j.value("error", std::string("no result")) : "an unreadable result";
    return;
  }
  m.medians_ms.push_back(j.value("median_ms", 0.0));
  m.sm_clock_mhz = j.value("sm_clock_mhz", 0.0);
  m.nominal_sm_clock_mhz = j.value("nominal_sm_clock_mhz", 0.0);
  m.memory_bandwidth_gbs = j.value("memory_bandwidth_gbs", 0.0);
  m.discarded_throttled += j.value("discarded_throttled", 0);
  if (check_output && m.output_problem.empty()) {
    m.output_problem = records.size() > 1 ? check_output_after_timing(s, dims, seed, records[1].bytes)
                                          : "the timed run sent no output";
  }
}

double spread(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / median(v);
}

}  // namespace

std::vector<TestResult> skipped_performance_tests(const Rubric& rubric, const std::string& reason) {
  std::vector<TestResult> tests;
  for (const PerformanceItem& item : rubric.performance.items) {
    TestResult t;
    t.name = item.name;
    t.group = "performance (" + rubric.performance.label + ")";
    t.category = TestCategory::performance;
    t.max_score = item.points;
    t.status = TestStatus::skipped;
    t.message = reason;
    tests.push_back(t);
  }
  return tests;
}

std::vector<TestResult> run_performance_tests(Session& s, bool correct, GradeResult& grade) {
  const Performance& perf = s.rubric.performance;
  if (perf.items.empty()) return {};
  const std::string group = "performance (" + perf.label + ")";
  if (!correct)
    return skipped_performance_tests(s.rubric, "not measured: performance is scored only for a kernel that passes "
                                               "every correctness test");

  // Every runner, student first; a baseline that fails to build is a kit problem, reported as an error.
  struct Runner {
    std::string name;
    std::string exe;
    Measurement m;
  };
  std::vector<Runner> runners;
  const BuildOutcome& student = student_runner(s, "fast", 0);
  runners.push_back({"student", student.executable, {}});
  std::string setup_error;
  for (const Baseline& b : perf.baselines) {
    const BuildOutcome& built = baseline_runner(s, b.name, b.assignment, b.file);
    if (!built.ok) setup_error += "the baseline '" + b.name + "' did not build: " + built.summary + "\n" + built.log;
    runners.push_back({b.name, built.executable, {}});
  }
  if (!setup_error.empty()) {
    std::vector<TestResult> tests = skipped_performance_tests(s.rubric, "not measured: a baseline did not build");
    for (auto& t : tests) {
      t.status = TestStatus::error;
      t.details = setup_error;
    }
    return tests;
  }

  // Interleave: each round times every runner once, starting from a different one each round.
  const std::uint64_t seed = derive_seed(s.grading_seed, "performance") >> 1;
  auto run_rounds = [&](int first, int count) {
    for (int r = first; r < first + count; ++r)
      for (std::size_t i = 0; i < runners.size(); ++i) {
        Runner& x = runners[(i + r) % runners.size()];
        if (x.m.error.empty()) measure_round(s, x.exe, seed, x.name == "student", x.m);
      }
  };
  run_rounds(0, perf.rounds);
  bool noisy = false;
  for (const auto& x : runners) noisy = noisy || spread(x.m.medians_ms) > kNoisyRoundSpread;
  if (noisy) run_rounds(perf.rounds, kExtraRounds);

  const Work work = s.problem->work(perf.shape);
  auto gflops = [&](const Runner& x) { return work.flops / (median(x.m.medians_ms) * 1e-3) / 1e9; };
  const Runner& me = runners[0];
  grade.device.sm_clock_mhz = static_cast<int>(std::lround(me.m.sm_clock_mhz));
  if (me.m.nominal_sm_clock_mhz > 0) grade.device.max_sm_clock_mhz = static_cast<int>(std::lround(me.m.nominal_sm_clock_mhz));

  std::vector<TestResult> tests;
  for (const PerformanceItem& item : perf.items) {
    TestResult t;
    t.name = item.name;
    t.group = group;
    t.category = TestCategory::performance;
    t.max_score = item.points;
    const Runner* base = nullptr;
    for (const auto& x : runners)
      if (x.name == item.baseline) base = &x;
    if (!me.m.error.empty() || !me.m.output_problem.empty()) {
      t.status = TestStatus::failed;
      t.message = !me.m.error.empty() ? "your kernel could not be timed: " + me.m.error : me.m.output_problem;
      tests.push_back(t);
      continue;
    }
    if (!base || !base->m.error.empty()) {
      t.status = TestStatus::error;
      t.message = "the baseline '" + item.baseline + "' could not be timed" + (base ? ": " + base->m.error : "");
      tests.push_back(t);
      continue;
    }
    const double mine = gflops(me), theirs = gflops(*base);
    const double ratio = mine / theirs;
    t.metrics = {{"gflops", mine},
                 {"baseline_gflops", theirs},
                 {"ratio", ratio},
                 {"median_ms", median(me.m.medians_ms)},
                 {"baseline_median_ms", median(base->m.medians_ms)},
                 {"rounds", static_cast<double>(me.m.medians_ms.size())},
                 {"sm_clock_mhz", me.m.sm_clock_mhz},
                 {"discarded_throttled_samples", static_cast<double>(me.m.discarded_throttled)}};
    t.message = gflops_text(mine) + " = " + fmt(ratio, 2) + "x the " + item.baseline + " (" + gflops_text(theirs) + ")";
    std::string notes = "median of " + std::to_string(me.m.medians_ms.size()) + " interleaved rounds: yours";
    for (double ms : me.m.medians_ms) notes += " " + fmt(ms, 3);
    notes += " ms; " + item.baseline + "'s";
    for (double ms : base->m.medians_ms) notes += " " + fmt(ms, 3);
    notes += " ms";
    // A time below what memory bandwidth allows is not a real measurement: flag it, award nothing.
    const double floor_ms = me.m.memory_bandwidth_gbs > 0 ? work.bytes / (me.m.memory_bandwidth_gbs * 1e9) * 1e3 : 0;
    if (median(me.m.medians_ms) < floor_ms) {
      t.status = TestStatus::error;
      t.message = "implausible time, flagged for review: faster than memory bandwidth allows (" +
                  fmt(median(me.m.medians_ms), 4) + " ms < " + fmt(floor_ms, 4) + " ms)";
      t.details = notes;
      tests.push_back(t);
      continue;
    }
    if (ratio > kSuspiciousSpeedup) notes += "\nmore than 10x the " + item.baseline + ": flagged for review";
    t.details = notes;
    t.score = round_points(item.points * curve_fraction(item.curve, ratio));
    t.status = t.score > 0 ? TestStatus::passed : TestStatus::failed;
    tests.push_back(t);
  }
  grade.leaderboard.push_back({"GFLOP/s", gflops(me), true});
  return tests;
}

}  // namespace kit
