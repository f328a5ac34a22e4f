#include "kit/performance_run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "kit/channel.h"
#include "kit/poison.h"
#include "kit/process.h"
#include "kit/random.h"
#include "kit/runner_call.h"
#include "kit/step_sandbox.h"
#include "kit/scoring.h"
#include "kit/tolerance.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

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

// One thing timed: the student's runner through one of their functions, or a baseline.
struct Timed {
  std::string name;  // "yours", or the baseline's name
  std::string exe;
  std::string entry;
  const Problem* problem = nullptr;
  bool student = false;
  Measurement m;
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

// "8,225 GFLOP/s", "2,774 GB/s"
std::string throughput_text(double value, Metric metric) {
  std::string digits = fmt(value, 0), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out + " " + metric_unit(metric);
}

// The outputs of the last timed run, spot-checked against the reference at random elements, and checked
// whole for elements never written.
std::string check_output_after_timing(Session& s, const Timed& x, const Dims& dims, std::uint64_t seed,
                                      const std::vector<Record>& records) {
  const Problem& problem = *x.problem;
  const std::vector<ArraySpec> specs = problem.outputs(dims);
  if (records.size() < 1 + specs.size()) return "the timed run sent no output";
  const Arrays inputs = generate_inputs(problem, problem.variants.front(), dims, seed);
  Rng rng{derive_seed(seed, "spot checks")};
  for (std::size_t o = 0; o < specs.size(); ++o) {
    const std::string& bytes = records[1 + o].bytes;
    if (records[1 + o].type != RecordType::array || bytes.size() != specs[o].bytes())
      return "the output after timing has the wrong size";
    const HostArray got{specs[o], std::vector<unsigned char>(bytes.begin(), bytes.end())};
    const std::size_t n = specs[o].count();
    for (std::size_t i = 0; i < n; ++i)
      if (is_poison(got, i, seed) && got.spec.dtype == DType::f32)
        return "some elements were never written in the timed runs (" + element_name(specs[o], i) + " first)";
    for (std::size_t k = 0; k < kSpotChecks && n > 0; ++k) {
      const std::size_t index = uniform_below(rng, n);
      double scale = 0;
      const double expected = problem.reference_element(dims, inputs, o, index, &scale);
      if (!(std::fabs(got.value(index) - expected) <= allowed_error(s.rubric.tolerance, scale)))
        return "the output of the timed runs is wrong at " + element_name(specs[o], index) + " (expected " +
               fmt(expected, 4) + ", got " + fmt(got.value(index), 4) + ")";
    }
  }
  return {};
}

void measure_round(Session& s, Timed& x, std::uint64_t seed) {
  const Dims& dims = s.rubric.performance.shape;
  Measurement& m = x.m;
  const Function timed{x.entry, x.problem};
  const std::string scratch = new_scratch_folder(s, "timed");
  ProcessRequest req = runner_request(x.exe, "perf", runner_case(timed, x.problem->variants.front(), dims, {seed}),
                                      {"--max-seconds", fmt(s.rubric.performance.max_seconds, 2)}, scratch,
                                      s.rubric.performance.max_seconds * 6 + s.rubric.limits.test_seconds);
  req.sandbox = run_sandbox(s, x.exe, scratch, false, RunTool::none);
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
  if (x.student && m.output_problem.empty()) m.output_problem = check_output_after_timing(s, x, dims, seed, records);
}

double spread(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / median(v);
}

std::string group_name(const Performance& perf) { return "performance (" + perf.label + ")"; }

}  // namespace

std::vector<TestResult> skipped_performance_tests(const Rubric& rubric, const std::string& reason) {
  std::vector<TestResult> tests;
  for (const PerformanceItem& item : rubric.performance.items) {
    TestResult t;
    t.name = item.name;
    t.group = group_name(rubric.performance);
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
  if (!correct)
    return skipped_performance_tests(s.rubric, "not measured: performance is scored only for a kernel that passes "
                                               "every correctness test");

  // Everything timed, each once: the student's runner through every function an item times, and every
  // baseline through every function an item times it by. A baseline that fails to build is a kit problem,
  // reported as an error.
  std::vector<Timed> timed;
  auto add = [&](const std::string& name, const std::string& exe, const std::string& entry, const Problem* problem,
                 bool student) {
    for (const Timed& x : timed)
      if (x.student == student && x.name == name && x.entry == entry) return;
    timed.push_back({name, exe, entry, problem, student, {}});
  };
  const BuildOutcome& student = student_runner(s, "fast", {});
  for (const PerformanceItem& item : perf.items) {
    const Function& fn = s.rubric.functions[item.function];
    add("yours", student.executable, fn.name, fn.problem, true);
  }
  std::string setup_error;
  for (const Baseline& b : perf.baselines) {
    const BuildOutcome& built = baseline_runner(s, b.assignment, b.file);
    if (!built.ok) setup_error += "the baseline '" + b.name + "' did not build: " + built.summary + "\n" + built.log;
    for (const PerformanceItem& item : perf.items)
      if (item.baseline == b.name) add(b.name, built.executable, item.baseline_function, item.baseline_problem, false);
  }
  if (!setup_error.empty()) {
    std::vector<TestResult> tests = skipped_performance_tests(s.rubric, "not measured: a baseline did not build");
    for (auto& t : tests) {
      t.status = TestStatus::error;
      t.details = setup_error;
    }
    return tests;
  }

  // Interleave: each round times everything once, starting from a different one each round.
  const std::uint64_t seed = derive_seed(s.grading_seed, "performance") >> 1;
  auto run_rounds = [&](int first, int count) {
    for (int r = first; r < first + count; ++r)
      for (std::size_t i = 0; i < timed.size(); ++i) {
        Timed& x = timed[(i + r) % timed.size()];
        if (x.m.error.empty()) measure_round(s, x, seed);
      }
  };
  run_rounds(0, perf.rounds);
  bool noisy = false;
  for (const auto& x : timed) noisy = noisy || spread(x.m.medians_ms) > kNoisyRoundSpread;
  if (noisy) run_rounds(perf.rounds, kExtraRounds);

  auto rate = [&](const Timed& x) { return throughput(x.problem->work(perf.shape), perf.metric, median(x.m.medians_ms) * 1e-3); };
  auto find = [&](bool student, const std::string& name, const std::string& entry) -> const Timed* {
    for (const Timed& x : timed)
      if (x.student == student && x.name == name && x.entry == entry) return &x;
    return nullptr;
  };
  const Timed& first = timed.front();
  grade.device.sm_clock_mhz = static_cast<int>(std::lround(first.m.sm_clock_mhz));
  if (first.m.nominal_sm_clock_mhz > 0)
    grade.device.max_sm_clock_mhz = static_cast<int>(std::lround(first.m.nominal_sm_clock_mhz));
  const std::string unit_key = perf.metric == Metric::gbps ? "gbps" : "gflops";

  std::vector<TestResult> tests;
  for (const PerformanceItem& item : perf.items) {
    TestResult t;
    t.name = item.name;
    t.group = group_name(perf);
    t.category = TestCategory::performance;
    t.max_score = item.points;
    const Timed& me = *find(true, "yours", s.rubric.functions[item.function].name);
    const Timed* base = find(false, item.baseline, item.baseline_function);
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
    const double mine = rate(me), theirs = rate(*base);
    const double ratio = mine / theirs;
    t.metrics = {{unit_key, mine},
                 {"baseline_" + unit_key, theirs},
                 {"ratio", ratio},
                 {"median_ms", median(me.m.medians_ms)},
                 {"baseline_median_ms", median(base->m.medians_ms)},
                 {"rounds", static_cast<double>(me.m.medians_ms.size())},
                 {"sm_clock_mhz", me.m.sm_clock_mhz},
                 {"discarded_throttled_samples", static_cast<double>(me.m.discarded_throttled)}};
    t.message = throughput_text(mine, perf.metric) + " = " + fmt(ratio, 2) + "x the " + item.baseline + " (" +
                throughput_text(theirs, perf.metric) + ")";
    std::string notes = "median of " + std::to_string(me.m.medians_ms.size()) + " interleaved rounds: yours";
    for (double ms : me.m.medians_ms) notes += " " + fmt(ms, 3);
    notes += " ms; " + item.baseline + "'s";
    for (double ms : base->m.medians_ms) notes += " " + fmt(ms, 3);
    notes += " ms";
    // A time below what memory bandwidth allows is not a real measurement: flag it, award nothing.
    const Work work = me.problem->work(perf.shape);
    const double bytes = work.bytes_read + work.bytes_written;
    const double floor_ms = me.m.memory_bandwidth_gbs > 0 ? bytes / (me.m.memory_bandwidth_gbs * 1e9) * 1e3 : 0;
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
  grade.leaderboard.push_back({metric_unit(perf.metric), rate(first), true});
  return tests;
}

}  // namespace kit
