#include "performance/performance_run.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "assignment/kit_tree.h"
#include "kit/channel.h"
#include "kit/poison.h"
#include "kit/random.h"
#include "kit/tolerance.h"
#include "os/arena.h"
#include "os/file_identity.h"
#include "os/process.h"
#include "os/timing_lock.h"
#include "performance/performance_explained.h"
#include "performance/baseline_rounds.h"
#include "performance/item_score.h"
#include "performance/timing_rule.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"
#include "util/errors.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kSpotChecks = 16;                // outputs read back after each timed sample
constexpr std::size_t kTimedGuardBytes = 1 << 20;
constexpr double kSuspiciousSpeedup = 10.0;
constexpr double kNoisyRoundSpread = 0.05;  // rounds further apart than this get extra rounds
constexpr int kExtraRounds = 2;
// A reported time may fall short of what the grader saw by scheduling noise, not by more.
constexpr double kReportedOverSeen = 0.8;
constexpr double kSeenSlackMs = 0.05;

// What the grader read of one timed sample's outputs, at places chosen only then: checked against the
// reference after the timing, when the GPU is no longer held (spot_check).
struct SpotSample {
  std::uint64_t call = 0;
  std::vector<std::vector<std::size_t>> indices;  // per output
  std::vector<HostArray> values;                  // per output: the elements at those indices
};

struct Measurement {
  std::string error;
  // The rounds this grading timed, and a baseline's rounds borrowed from earlier gradings of its batch
  // (performance/baseline_rounds.h), oldest first: the measurement is the median of all their medians.
  std::vector<TimedRound> rounds;
  std::vector<TimedRound> borrowed;
  double nominal_sm_clock_mhz = 0;
  int discarded_throttled = 0;
  bool deferred_work = false;   // the device was still busy after the function returned
  std::vector<SpotSample> spots;  // the student's: read after each sample
  std::string output_problem;   // non-empty when an output of a timed run was wrong
};

std::vector<TimedRound> all_rounds(const Measurement& m) {
  std::vector<TimedRound> all = m.borrowed;
  all.insert(all.end(), m.rounds.begin(), m.rounds.end());
  return all;
}

// The measurement: the median of the rounds' medians, of the time the runner reported or of what the
// grader saw from asking for a sample to its answer.
double median_ms(const Measurement& m) {
  std::vector<double> medians;
  for (const TimedRound& r : all_rounds(m)) medians.push_back(r.median_ms);
  return median(medians);
}

double wall_median_ms(const Measurement& m) {
  std::vector<double> medians;
  for (const TimedRound& r : all_rounds(m)) medians.push_back(r.wall_median_ms);
  return median(medians);
}

// One thing timed: the student's runner through one of their functions, or a baseline.
struct Timed {
  std::string name;  // "yours", or the baseline's name
  std::string exe;
  std::string entry;
  const Problem* problem = nullptr;
  bool student = false;
  Measurement m;
  int rounds_wanted = 0;     // rounds to time in this grading
  std::string shared_as;     // a baseline's name for its rounds in a batch (performance/baseline_rounds.h), or ""
  // Kept from round to round: the runner, waiting between its rounds (os/process.h, run_turn), and the
  // arena and scratch folder of each. A new process and arena per round cost more than a round's samples.
  // The student's runner waits only while nothing else is timed: nothing of the student's may be alive
  // while a baseline is timed.
  KeptChild runner;
  std::unique_ptr<DeviceMemory> arena;
  std::string scratch;
};

// Times one runner in one round. Every call, warm-up or sample, gets inputs no call saw before, drawn
// by the grader's own generator into the arena, and outputs reset to the poison: a kernel that
// remembers answers gains nothing. After each sample the grader reads a few outputs at places chosen
// only then and checks them against the reference: a kernel that does less work when timed fails.
struct TimingConversation {
  TimingConversation(Session& session, Timed& timed, const RunnerCase& c, DeviceMemory& arena, std::uint64_t base_seed)
      : s(session), x(timed), layout(c), memory(arena), seed(base_seed) {}

  Session& s;
  Timed& x;
  const RunnerCase& layout;
  DeviceMemory& memory;
  std::uint64_t seed;
  TimingRule rule;
  std::vector<double> kept_ms, wall_ms;
  double clock_sum = 0, gpu_seconds = 0;
  int warmups_done = 0, samples_started = 0;
  bool ready = false;        // the runner took the case
  bool keep_runner = false;  // enough samples leave the runner waiting for the next round
  bool finished = false;     // enough samples, and the runner is left waiting
  RecordReader reader;
  std::chrono::steady_clock::time_point begin = std::chrono::steady_clock::now(), sent;
  std::string error;

  std::string next(const std::string& channel) {
    std::string reply;
    for (const Record& record : reader.take(channel)) {
      const nlohmann::json j = nlohmann::json::parse(record.bytes, nullptr, false);
      const std::string type = j.is_object() ? j.value("type", "") : "";
      if (type == "ready") {
        if (j.value("status", "") != "ok") return stop(j.value("error", std::string("the runner could not start")));
        ready = true;
        reply = warm_up();
      } else if (type == "done") {
        if (j.value("status", "") != "ok") return stop("CUDA error " + j.value("error_name", std::string("?")));
        reply = ++warmups_done < rule.warmup_calls ? warm_up() : sample();
      } else if (type == "sample" && samples_started > 0) {
        reply = take(j);
      }
      if (reply == "quit\n") return reply;
    }
    return reply;
  }

 private:
  std::string stop(const std::string& why) {
    if (error.empty()) error = why;
    return "quit\n";
  }

  std::uint64_t call_seed(const std::string& what, int k) const { return derive_seed(seed, what, static_cast<std::uint64_t>(k)) >> 1; }

  void prepare(std::uint64_t call) {
    const InputVariant& variant = x.problem->variants.front();
    std::size_t k = 0;
    for (const ArenaArray& a : layout.arrays)
      if (a.input) {
        memory.generate(a.offset, a.spec, variant.recipes[k], array_stream(call, a.spec.name, k));
        ++k;
      }
    poison_outputs(memory, layout, call);
  }

  std::string warm_up() {
    prepare(call_seed("warm-up", warmups_done));
    return "run\n";
  }

  std::string sample() {
    prepare(call_seed("sample", samples_started++));
    sent = std::chrono::steady_clock::now();
    return "time\n";
  }

  std::string take(const nlohmann::json& j) {
    const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
    if (!j.value("error", std::string()).empty()) return stop(j.value("error", std::string()));
    double ms = j.value("ms", 0.0);
    const double synced = j.value("ms_synced", 0.0);
    // Work the function left running on another stream ends after the second event: the device-wide
    // synchronise catches it, and the sample counts to there.
    if (synced > ms + std::max(0.1, 0.25 * ms)) {
      x.m.deferred_work = true;
      ms = synced;
    }
    if (x.student) x.m.spots.push_back(read_spots(call_seed("sample", samples_started - 1)));
    const double mhz = j.value("sm_clock_mhz", 0.0);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (x.m.nominal_sm_clock_mhz > 0 && mhz < rule.throttled_below * x.m.nominal_sm_clock_mhz) {
      ++x.m.discarded_throttled;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (elapsed > 4 * rule.max_seconds) return stop("every sample was taken while the GPU was throttled");
    } else {
      kept_ms.push_back(ms);
      wall_ms.push_back(wall);
      clock_sum += mhz;
      gpu_seconds += ms / 1e3;
    }
    if (!enough_samples(rule, kept_ms, gpu_seconds, elapsed)) return sample();
    finished = keep_runner;
    return finished ? "" : "quit\n";
  }

  // A few outputs of the sample just taken, at places the runner could not know in advance.
  SpotSample read_spots(std::uint64_t call) {
    SpotSample spots;
    spots.call = call;
    Rng rng{derive_seed(call, "spot checks")};
    for (const ArenaArray& a : layout.arrays) {
      if (a.input) continue;
      const std::size_t n = a.spec.count();
      std::vector<std::size_t> indices;
      for (std::size_t k = 0; k < kSpotChecks && n > 0; ++k) indices.push_back(uniform_below(rng, n));
      spots.values.push_back({a.spec, memory.gather(a.offset, dtype_size(a.spec.dtype), indices)});
      spots.indices.push_back(std::move(indices));
    }
    return spots;
  }
};

// What was wrong with the outputs a timed sample left, or "": computed after the timing, off the GPU's
// lock, since the reference of even a few elements of a large product takes a while.
std::string spot_check(const Session& s, const Problem& problem, const RunnerCase& layout, const SpotSample& spots) {
  const Dims& dims = layout.dims;
  const InputElements inputs = input_elements(problem, problem.variants.front(), dims, spots.call);
  std::size_t o = 0;
  for (const ArenaArray& a : layout.arrays) {
    if (a.input) continue;
    if (o >= spots.values.size()) break;
    const HostArray& got = spots.values[o];
    const std::vector<std::size_t>& indices = spots.indices[o];
    for (std::size_t k = 0; k < indices.size(); ++k) {
      HostArray one = make_array({a.spec.name, a.spec.dtype, {1}});
      std::copy_n(got.bytes.begin() + static_cast<long>(k * dtype_size(a.spec.dtype)), dtype_size(a.spec.dtype),
                  one.bytes.begin());
      double scale = 0;
      const double expected = problem.reference_element(dims, s.assignment.rubric.knobs, inputs, o, indices[k], &scale);
      const double value = one.value(0);
      if (is_poison(one, 0, spots.call) && a.spec.dtype == DType::f32)
        return "an element was never written in a timed run (" + element_name(a.spec, indices[k]) + ")";
      if (!(std::fabs(value - expected) <= allowed_error(s.assignment.rubric.tolerance, scale)))
        return "the output of a timed run is wrong at " + element_name(a.spec, indices[k]) + " (expected " +
               fixed_decimals(expected, 4) + ", got " + fixed_decimals(value, 4) + ")";
    }
    ++o;
  }
  return {};
}

RunnerCase timed_layout(const Session& s, const Timed& x) {
  const Dims& dims = s.assignment.rubric.performance.shape;
  return layout_runner_case(x.entry, dims, x.problem->inputs(dims), x.problem->outputs(dims), kTimedGuardBytes);
}

double seconds_since_epoch() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void measure_round(Session& s, Timed& x, std::uint64_t seed) {
  Measurement& m = x.m;
  const RunnerCase layout = timed_layout(s, x);
  if (!x.arena) {
    try {
      x.arena = new_arena(s, layout.arena_bytes);
    } catch (const std::exception& e) {
      m.error = std::string("no arena for the timed run: ") + e.what();
      return;
    }
    fill_guards(*x.arena, layout);
    x.scratch = new_scratch_folder(s.worker, "timed");
  }
  if (m.nominal_sm_clock_mhz == 0) m.nominal_sm_clock_mhz = gpu_limits(*s.worker.gpu_memory).max_sm_clock_mhz;
  TimingConversation talk(s, x, layout, *x.arena, seed);
  talk.rule.max_seconds = s.assignment.rubric.performance.max_seconds;
  talk.rule.min_gpu_seconds = min_gpu_seconds_per_round(talk.rule, s.assignment.rubric.performance.rounds);
  // Kept from round to round, the student's too: run_rounds ends the student's before a baseline's round.
  talk.keep_runner = true;
  ProcessRequest req = runner_request(x.exe, layout, x.arena->descriptor(), x.scratch,
                                      s.assignment.rubric.performance.max_seconds * 6 + s.assignment.rubric.limits.test_seconds);
  req.converse = [&](const std::string& channel) { return talk.next(channel); };
  req.turn_over = [&] { return talk.finished; };
  req.sandbox = run_sandbox(s.assignment, x.exe, x.scratch, false, RunTool::none);
  const bool reused = static_cast<bool>(x.runner);
  const auto round_start = std::chrono::steady_clock::now();
  ProcessResult p = run_turn(req, &x.runner, reused ? "case " + encode_runner_case(layout) + "\n" : "",
                             x.arena->descriptor());
  // A kept runner that ended between rounds, before it took this one: a new runner times the round.
  if (reused && !p.kept && !talk.ready && talk.error.empty()) return measure_round(s, x, seed);
  if (!talk.error.empty()) {
    m.error = talk.error;
    return;
  }
  if (!p.ok() || talk.kept_ms.empty()) {
    m.error = "the timed run " + describe_ending(p, req.timeout_s);
    return;
  }
  TimedRound round;
  round.median_ms = median(talk.kept_ms);
  round.wall_median_ms = median(talk.wall_ms);
  round.samples = static_cast<int>(talk.kept_ms.size());
  round.gpu_seconds = talk.gpu_seconds;
  round.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - round_start).count();
  round.sm_clock_mhz = talk.clock_sum / static_cast<double>(talk.kept_ms.size());
  round.timed_at = seconds_since_epoch();
  m.rounds.push_back(round);
}

// Why the student's time cannot be a real measurement, or "". A time is held to what the trusted side
// knows: no kernel beats the GPU's peak arithmetic or memory bandwidth (read by the trusted helper, not
// the runner), and the runner's clock cannot claim less than the grader saw pass between asking for a
// sample and getting it, less the overhead the baselines' honest runners needed in the same run.
std::string implausible(const Timed& me, const std::vector<Timed>& timed, const Dims& shape, const GpuLimits& limits) {
  const double reported = median_ms(me.m);
  const Work work = me.problem->work(shape);
  const double bytes = work.bytes_read + work.bytes_written;
  if (limits.peak_bandwidth_gbs() > 0) {
    const double floor_ms = bytes / (limits.peak_bandwidth_gbs() * 1e9) * 1e3;
    if (reported < floor_ms)
      return fixed_decimals(reported, 4) + " ms per call, but moving " + fixed_decimals(bytes / 1e6, 1) + " MB at the GPU's peak bandwidth (" +
             fixed_decimals(limits.peak_bandwidth_gbs(), 0) + " GB/s) takes at least " + fixed_decimals(floor_ms, 4) + " ms";
  }
  if (limits.peak_fp32_gflops() > 0 && work.flops > 0) {
    const double floor_ms = work.flops / (limits.peak_fp32_gflops() * 1e9) * 1e3;
    if (reported < floor_ms)
      return fixed_decimals(reported, 4) + " ms per call, but " + fixed_decimals(work.flops / 1e9, 1) + " GFLOP at the GPU's peak FP32 rate (" +
             fixed_decimals(limits.peak_fp32_gflops(), 0) + " GFLOP/s) takes at least " + fixed_decimals(floor_ms, 4) + " ms";
  }
  double honest_gap = 0;
  for (const Timed& x : timed)
    if (!x.student && x.m.error.empty() && !all_rounds(x.m).empty())
      honest_gap = std::max(honest_gap, wall_median_ms(x.m) - median_ms(x.m));
  const double seen = wall_median_ms(me.m) - honest_gap;
  if (reported < kReportedOverSeen * seen - kSeenSlackMs)
    return "the runner reported " + fixed_decimals(reported, 4) + " ms per call, but the grader saw at least " + fixed_decimals(seen, 4) +
           " ms pass for each";
  return {};
}

// How far apart the rounds' medians lie, as a fraction of their median.
double spread(const Measurement& m) {
  std::vector<double> v;
  for (const TimedRound& r : all_rounds(m)) v.push_back(r.median_ms);
  if (v.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / median(v);
}

// "yours: 10, 10, 10 samples, 0.52 s of GPU time in 1.31 s", and for a baseline with rounds from earlier
// gradings of the batch, "; 2 of its rounds timed by the batch 12 and 41 s before this grading's timing"
std::string sampling_text(const std::string& whose, const Measurement& m, double timing_end) {
  std::string text = whose + ":";
  double gpu = 0, wall = 0;
  int r = 0;
  for (const TimedRound& round : all_rounds(m)) {
    text += (r++ ? ", " : " ") + std::to_string(round.samples);
    gpu += round.gpu_seconds;
    wall += round.wall_seconds;
  }
  text += " samples, " + fixed_decimals(gpu, 2) + " s of GPU time in " + fixed_decimals(wall, 2) + " s";
  if (m.borrowed.empty()) return text;
  text += "; " + std::to_string(m.borrowed.size()) + " of its rounds timed by the batch";
  for (std::size_t k = 0; k < m.borrowed.size(); ++k)
    text += (k == 0 ? " " : k + 1 == m.borrowed.size() ? " and " : ", ") +
            fixed_decimals(std::max(0.0, timing_end - m.borrowed[k].timed_at), 0);
  return text + " s before this grading's timing";
}

// A baseline as its source and the kit that builds it: the gradings of a batch each run it from a folder
// of their own, and two builds of one file differ in their bytes.
std::string baseline_program(const Session& s, const std::string& name) {
  for (const Baseline& b : s.assignment.rubric.performance.baselines) {
    if (b.name != name) continue;
    std::ifstream in(kit_file(b.file), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in) return sha256_hex(bytes.str()) + " built by " + grader_identity();
  }
  return {};
}

// Times everything in interleaved rounds: each round times once each kernel that still wants a round,
// starting from a different one each round. In a batch a baseline is timed only in the rounds the batch's
// record lacks (performance/baseline_rounds.h), and its measurement borrows the others from it.
void time_everything(Session& s, const DeviceInfo& device, std::vector<Timed>& timed) {
  const int rounds = s.assignment.rubric.performance.rounds;
  // Only a batch's gradings of one rubric share the baselines' rounds; the machine's lock shares none.
  const std::string record =
      s.assignment.prepared.dir.empty() ? std::string() : shared_rounds_path(s.assignment.prepared.timing_lock);
  const SharingRule rule;
  const double start = seconds_since_epoch();
  const std::vector<SharedRound> shared = record.empty() ? std::vector<SharedRound>() : read_shared_rounds(record, start, rule);
  for (Timed& x : timed) {
    const std::string program = x.student || record.empty() ? std::string() : baseline_program(s, x.name);
    if (!program.empty()) {  // a baseline whose file cannot be read again is timed as outside a batch
      std::string shape;
      for (long d : s.assignment.rubric.performance.shape) shape += (shape.empty() ? "" : "x") + std::to_string(d);
      x.shared_as = baseline_key(x.name, x.entry, program, shape, device.name + " " + device.driver);
    }
    x.rounds_wanted = x.shared_as.empty() ? rounds : rounds_to_time(shared, x.shared_as, rounds, start, rule);
  }
  const std::uint64_t seed = derive_seed(s.assignment.grading_seed, "performance") >> 1;
  auto run_rounds = [&](int first, int count) {
    for (int r = first; r < first + count; ++r)
      for (std::size_t i = 0; i < timed.size(); ++i) {
        Timed& x = timed[(i + r) % timed.size()];
        if (!x.m.error.empty() || static_cast<int>(x.m.rounds.size()) >= x.rounds_wanted) continue;
        if (!x.student)  // nothing of the student's is alive while a baseline is timed
          for (Timed& y : timed)
            if (y.student) y.runner.reset();
        measure_round(s, x, seed);
      }
  };
  auto borrow = [&](int measured) {  // a baseline's rounds in the batch's record make up the rest
    for (Timed& x : timed) {
      if (x.shared_as.empty()) continue;
      x.m.borrowed.clear();
      for (const SharedRound& r : newest_rounds(shared, x.shared_as, measured - static_cast<int>(x.m.rounds.size())))
        x.m.borrowed.push_back(r.round);
    }
  };
  run_rounds(0, rounds);
  borrow(rounds);
  bool noisy = false;
  for (const Timed& x : timed) noisy = noisy || spread(x.m) > kNoisyRoundSpread;
  if (noisy) {
    for (Timed& x : timed) x.rounds_wanted = static_cast<int>(x.m.rounds.size()) + kExtraRounds;
    run_rounds(rounds, kExtraRounds);
    borrow(rounds + kExtraRounds);
  }
  if (record.empty()) return;
  std::vector<SharedRound> kept = shared;
  for (const Timed& x : timed)
    if (!x.shared_as.empty() && x.m.error.empty())
      for (const TimedRound& r : x.m.rounds) kept.push_back({x.shared_as, r});
  try {
    write_shared_rounds(record, kept);
  } catch (const std::exception&) {
    // Nothing is lost: the next grading, finding no fresh rounds, times its baselines itself.
  }
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

namespace {

// Everything timed, each once: the student's runner through every function an item times, and every
// baseline through every function an item times it by, as its baseline or as its anchor. A baseline that
// fails to build is a problem of the course's files, reported in `setup_error`.
std::vector<Timed> what_to_time(Session& s, std::string& setup_error) {
  const Performance& perf = s.assignment.rubric.performance;
  std::vector<Timed> timed;
  auto add = [&](const std::string& name, const std::string& exe, const std::string& entry, const Problem* problem,
                 bool student) {
    for (const Timed& x : timed)
      if (x.student == student && x.name == name && x.entry == entry) return;
    timed.push_back({name, exe, entry, problem, student, {}});
  };
  const BuildOutcome& student = student_runner(s, Flavour::fast, {});
  for (const PerformanceItem& item : perf.items) {
    const Function& fn = s.assignment.rubric.functions[item.function];
    add("yours", student.executable, fn.name, fn.problem, true);
  }
  for (const Baseline& b : perf.baselines) {
    const BuildOutcome& built = baseline_runner(s, b.assignment, b.file);
    if (!built.ok) setup_error += "the baseline '" + b.name + "' did not build: " + built.summary + "\n" + built.log;
    for (const PerformanceItem& item : perf.items) {
      if (item.baseline == b.name) add(b.name, built.executable, item.baseline_function, item.baseline_problem, false);
      if (item.anchor == b.name) add(b.name, built.executable, item.anchor_function, item.anchor_problem, false);
    }
  }
  return timed;
}

const Timed* find_timed(const std::vector<Timed>& timed, bool student, const std::string& name,
                        const std::string& entry) {
  for (const Timed& x : timed)
    if (x.student == student && x.name == name && x.entry == entry) return &x;
  return nullptr;
}

double timed_rate(const Performance& perf, const Timed& x) {
  return throughput(x.problem->work(perf.shape), perf.metric, median_ms(x.m) * 1e-3);
}

// The roofs the explanations measure against: the GPU's peaks, and the runner's own cudaMemcpy where the
// rubric times it (the bandwidth a kernel can really reach, measured in the same rounds).
Roofs roofs_of(const Performance& perf, const std::vector<Timed>& timed, const GpuLimits& limits) {
  Roofs roofs{limits.name, limits.peak_bandwidth_gbs(), limits.peak_fp32_gflops(), 0};
  for (const Timed& x : timed)
    if (!x.student && x.entry == "cudaMemcpy" && x.m.error.empty() && median_ms(x.m) > 0)
      roofs.copy_gbs = throughput(x.problem->work(perf.shape), Metric::gbps, median_ms(x.m) * 1e-3);
  return roofs;
}

// The roofline of every kernel timed, on the first performance test: the student's functions, then the
// baselines that compute (the copy is a roof of its own). Only for a problem that does arithmetic; a
// picture that cannot be written costs the picture, never the grade.
void attach_roofline(Session& s, const Performance& perf, const std::vector<Timed>& timed, const Roofs& roofs,
                     std::vector<TestResult>& tests) {
  std::vector<TimedKernel> kernels;
  for (const bool student : {true, false})
    for (const Timed& x : timed)
      if (x.student == student && x.entry != "cudaMemcpy" && x.m.error.empty() && median_ms(x.m) > 0)
        kernels.push_back({student ? "yours (" + x.entry + ")" : x.name, x.problem->work(perf.shape), median_ms(x.m)});
  const Picture picture = draw_roofline(kernels, roofs);
  if (picture.width == 0 || tests.empty()) return;
  TestResult& first = tests.front();
  try {
    const fs::path file = fs::path(new_scratch_folder(s.worker, "roofline")) /
                          (png_supported() ? "roofline.png" : "roofline.ppm");
    write_picture(file.string(), picture);
    first.pictures.push_back(file.string());
    first.explanation += (first.explanation.empty() ? "" : " ") + roofline_legend(kernels);
  } catch (const std::exception& e) {
    first.details += std::string(first.details.empty() ? "" : "\n") + "(no roofline picture: " + e.what() + ")";
  }
}

// One item's test: the student's throughput against its baseline's, through the item's curve, anchored to
// the anchor's throughput from the same rounds (item_score.h).
TestResult score_item(const Session& s, const PerformanceItem& item, const std::vector<Timed>& timed,
                      const GpuLimits& limits, const Roofs& roofs, double timing_end) {
  const Performance& perf = s.assignment.rubric.performance;
  TestResult t;
  t.name = item.name;
  t.group = group_name(perf);
  t.category = TestCategory::performance;
  t.max_score = item.points;
  const Timed& me = *find_timed(timed, true, "yours", s.assignment.rubric.functions[item.function].name);
  const Timed* base = find_timed(timed, false, item.baseline, item.baseline_function);
  if (!me.m.error.empty() || !me.m.output_problem.empty()) {
    t.status = TestStatus::failed;
    t.message = !me.m.error.empty() ? "your kernel could not be timed: " + me.m.error : me.m.output_problem;
    return t;
  }
  if (!base || !base->m.error.empty()) {
    t.status = TestStatus::error;
    t.message = "the baseline '" + item.baseline + "' could not be timed" + (base ? ": " + base->m.error : "");
    return t;
  }
  const Timed* anchor = item.anchor.empty() ? nullptr : find_timed(timed, false, item.anchor, item.anchor_function);
  if (!item.anchor.empty() && (!anchor || !anchor->m.error.empty())) {
    t.status = TestStatus::error;
    t.message = "the anchor '" + item.anchor + "' could not be timed" + (anchor ? ": " + anchor->m.error : "");
    return t;
  }
  const ItemThroughputs rates{timed_rate(perf, me), timed_rate(perf, *base), anchor ? timed_rate(perf, *anchor) : 0};
  ItemScore scored = score_throughputs(item, perf.metric, rates);
  if (!scored.error.empty()) {
    t.status = TestStatus::error;
    t.message = scored.error;
    return t;
  }
  const double ratio = scored.metrics.at("ratio");
  t.metrics = std::move(scored.metrics);
  t.metrics.insert({{"median_ms", median_ms(me.m)},
                    {"baseline_median_ms", median_ms(base->m)},
                    {"rounds", static_cast<double>(me.m.rounds.size())},
                    {"sm_clock_mhz", me.m.rounds.back().sm_clock_mhz},
                    {"discarded_throttled_samples", static_cast<double>(me.m.discarded_throttled)}});
  t.message = scored.message;
  std::string notes = "median of " + std::to_string(me.m.rounds.size()) + " interleaved rounds: yours";
  for (const TimedRound& r : me.m.rounds) notes += " " + fixed_decimals(r.median_ms, 3);
  notes += " ms; " + item.baseline + "'s";
  for (const TimedRound& r : all_rounds(base->m)) notes += " " + fixed_decimals(r.median_ms, 3);
  if (anchor) {
    notes += " ms; " + item.anchor + "'s";
    for (const TimedRound& r : all_rounds(anchor->m)) notes += " " + fixed_decimals(r.median_ms, 3);
  }
  notes += " ms\n" + sampling_text("yours", me.m, timing_end) + "\n" +
           sampling_text(item.baseline + "'s", base->m, timing_end);
  if (anchor) notes += "\n" + sampling_text(item.anchor + "'s", anchor->m, timing_end);
  if (me.m.deferred_work)
    notes += "\nyour function returned while the GPU still had its work to do (on another stream?): each call "
             "was timed to the device-wide synchronise";
  const std::string why = implausible(me, timed, perf.shape, limits);
  if (!why.empty()) {
    t.status = TestStatus::failed;
    t.message = "implausible time, no points: " + why;
    t.details = notes;
    return t;
  }
  if (ratio > kSuspiciousSpeedup) notes += "\nmore than 10x the " + item.baseline + ": flagged for review";
  t.details = notes;
  t.explanation = explain_time({"yours", me.problem->work(perf.shape), median_ms(me.m)}, roofs);
  t.score = scored.score;
  t.status = t.score > 0 ? TestStatus::passed : TestStatus::failed;
  return t;
}

}  // namespace

PerformanceMeasured run_performance_tests(Session& s, bool correct, const DeviceInfo& device) {
  const Performance& perf = s.assignment.rubric.performance;
  PerformanceMeasured measured;
  if (perf.items.empty()) return measured;
  if (!correct)
    return {skipped_performance_tests(s.assignment.rubric, "not measured: performance is scored only for a kernel that passes "
                                               "every correctness test")};
  std::string setup_error;
  std::vector<Timed> timed = what_to_time(s, setup_error);
  // The course's files or this machine's toolkit are at fault, never the submission: nothing is graded
  // against a baseline that is not there (exit 2, util/errors.h).
  if (!setup_error.empty())
    throw UserError("cannot grade " + s.assignment.rubric.assignment + ": " + last_lines(setup_error, 30) +
                    "\nThe baselines are the course's files, built on this machine: fix them (`grader check " +
                    s.assignment.rubric.assignment + "` builds them) and grade again.");

  // Other gradings may share this GPU, a batch's or the machine's: the student's runs and the baselines'
  // are timed together under the timing lock, so no other run overlaps them (os/timing_lock.h, docs/batch.md).
  std::optional<TimingLock> timing_lock;
  if (!s.assignment.prepared.timing_lock.empty()) {
    const StageScope wait(s.worker.stages, "waiting for the timing lock");
    timing_lock.emplace(s.assignment.prepared.timing_lock);
  }
  time_everything(s, device, timed);
  for (Timed& x : timed) {  // every runner ends, and its arena goes, before the timing lock is let go
    x.runner.reset();
    x.arena.reset();
  }
  timing_lock.reset();
  const double timing_end = seconds_since_epoch();
  for (Timed& x : timed) {
    const RunnerCase layout = timed_layout(s, x);
    for (const SpotSample& spots : x.m.spots) {
      if (!x.m.output_problem.empty()) break;
      x.m.output_problem = spot_check(s, *x.problem, layout, spots);
    }
  }

  const Timed& first = timed.front();
  const double sm_clock_mhz = first.m.rounds.empty() ? 0 : first.m.rounds.back().sm_clock_mhz;
  measured.sm_clock_mhz = static_cast<int>(std::lround(sm_clock_mhz));
  if (first.m.nominal_sm_clock_mhz > 0)
    measured.max_sm_clock_mhz = static_cast<int>(std::lround(first.m.nominal_sm_clock_mhz));
  const GpuLimits limits = gpu_limits(*s.worker.gpu_memory);
  const Roofs roofs = roofs_of(perf, timed, limits);
  for (const PerformanceItem& item : perf.items)
    measured.tests.push_back(score_item(s, item, timed, limits, roofs, timing_end));
  attach_roofline(s, perf, timed, roofs, measured.tests);
  measured.leaderboard.push_back({metric_unit(perf.metric), timed_rate(perf, first), true});
  return measured;
}

}  // namespace kit
