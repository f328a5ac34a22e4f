#include "kit/correctness_run.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include <kitcpu/exit_codes.h>
#include <nlohmann/json.hpp>

#include "kit/timing_lock.h"
#include "kit/build_config.h"
#include "kit/call_sites.h"
#include "kit/channel.h"
#include "kit/compare.h"
#include "kit/compute_sanitizer_report.h"
#include "kit/failure_pictures.h"
#include "kit/finding_headline.h"
#include "kit/process.h"
#include "kit/arena.h"
#include "kit/knob_check.h"
#include "kit/launch_record.h"
#include "kit/runner_call.h"
#include "kit/run_files.h"
#include "kit/runtime_calls.h"
#include "answer_flow.h"
#include "kit/run_on_picture.h"
#include "kit/wrong_answers.h"
#include "kit/step_sandbox.h"
#include "kit/text.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/diagnostic.h>
#include <kitcpu/sanitizer_report.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kGuardBytes = 1 << 20;
constexpr int kSanitizerExitCode = 89;   // what compute-sanitizer exits with when it reported an error
constexpr int kSanitizerSlowdown = 10;   // how much longer a run may take under compute-sanitizer
constexpr std::size_t kMaxRunFile = std::size_t{64} << 20;  // a report or call record larger is not read
// A kept runner answers its next case within milliseconds (it maps an arena); one silent this long has
// had its channel taken over.
constexpr double kKeptRunnerReplySeconds = 2;
constexpr std::size_t kKeptRunnerShiftBytes = 4096;  // a page: every pointer of the last case changes

// What one run of the runner (one order, one build) showed.
struct RunVerdict {
  bool passed = false;
  bool fatal = false;  // crashed, hung or diagnosed: there are no outputs to compare across orders
  std::string message;
  std::string details;
  std::vector<std::string> output_signatures;  // per seed: the output bytes, to compare orders
  bool warned = false;  // right, with warnings from the CPU backend (in details)
  bool timed_out = false;  // the run reached the test's time limit
  Diagnosis diagnosis;     // what the message names, for tools
  std::optional<WrongPicture> wrong_picture;  // a picture problem's first wrong output, to show as pictures
  std::vector<Arrays> given_outputs;  // with inputs given by the caller: the outputs each seed left
  std::vector<LaunchRecord> launches;  // the launch record of the run
};

#ifdef KIT_HAVE_CPU_BACKEND
Finding finding_of(const kitcpu::Diagnostic& d) { return {d.category, d.message, d.file, d.line}; }
#endif

// Diagnostics the CPU backend wrote, as the lines a student reads, and whether one was an error.
std::string cpu_diagnostics(const std::string& report_path, bool* any_error, Finding* first) {
  std::string text;
#ifdef KIT_HAVE_CPU_BACKEND
  if (!fs::exists(report_path)) return text;
  for (const kitcpu::Diagnostic& d : kitcpu::read_diagnostics_file(report_path)) {
    if (d.severity == "error") {
      if (any_error) *any_error = true;
      if (first && first->category.empty()) *first = finding_of(d);
    }
    text += (text.empty() ? "" : "\n") + kitcpu::format_diagnostic(d);
  }
#else
  (void)report_path;
  (void)any_error;
  (void)first;
#endif
  return text;
}

std::string guard_message(const GuardDamage& g) {
  std::string text = "out-of-bounds write: ";
  if (g.bytes_after)
    text += std::to_string(g.bytes_after) + " bytes changed past the end of " + g.array + " (the first " +
            std::to_string(g.first_after_offset / std::max<std::size_t>(1, g.element_size)) +
            " elements after it are untouched)";
  if (g.bytes_before)
    text += std::string(g.bytes_after ? "; " : "") + std::to_string(g.bytes_before) + " bytes changed before the start of " +
            g.array + " (up to " + std::to_string(g.last_before_offset) + " bytes before it)";
  return text;
}

// compute-sanitizer ships with the CUDA toolkit, next to nvcc; empty when it is not there.
std::string compute_sanitizer() {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty()) return {};
  const fs::path tool = fs::path(nvcc).parent_path() / "compute-sanitizer";
  return fs::exists(tool) ? tool.string() : std::string();
}

// What one seed's run left: the runner's word on how the call ended, and the arena as the grader read it.
struct SeedRun {
  std::uint64_t seed = 0;
  nlohmann::json done;  // {"status": "ok" | "cuda-error", ...}
  ArenaReadback arena;
};

// Drives a runner through the seeds: before each, the grader writes the inputs and the poison into the
// arena; after the runner says it is done, the grader reads the arena back. The runner is asked to quit
// after the last seed or the first CUDA error.
struct SeedConversation {
  SeedConversation(Session& session, const TestCase& test, const RunnerCase& c, DeviceMemory& arena,
                   const std::vector<std::uint64_t>& seed_list, const Arrays* given_inputs)
      : s(session), t(test), layout(c), memory(arena), seeds(seed_list), given(given_inputs) {}

  Session& s;
  const TestCase& t;
  const RunnerCase& layout;
  DeviceMemory& memory;
  const std::vector<std::uint64_t>& seeds;
  const Arrays* given;  // the caller's inputs for every seed; nullptr: the case's, drawn from each seed
  std::vector<SeedRun> runs;
  std::vector<nlohmann::json> calls;  // the runtime calls the student's code made (runtime_record.h)
  std::size_t calls_this_seed = 0;
  std::vector<std::size_t> seed_ends;  // one past each finished seed's last call
  std::string record_cut;  // why the record of calls cannot be believed, or ""
  std::string harness_error;
  RecordReader reader;
  std::size_t started = 0;
  bool ready = false;        // the runner took the case
  bool keep_runner = false;  // a clean end leaves the runner waiting for another case (kit/runner_pool.h)
  bool finished = false;     // every seed ran, and the runner is left waiting

  std::string next(const std::string& channel) {
    std::string reply;
    for (const Record& record : reader.take(channel)) {
      const nlohmann::json j = nlohmann::json::parse(record.bytes, nullptr, false);
      const std::string type = j.is_object() ? j.value("type", "") : "";
      if (type == "call") {
        calls.push_back(j);
        ++calls_this_seed;
      } else if (type == "ready") {
        if (j.value("status", "") != "ok") {
          harness_error = j.value("error", std::string("the runner could not start"));
          return "quit\n";
        }
        ready = true;
        reply = start_seed();
      } else if (type == "done" && started > runs.size()) {  // a "done" out of turn is ignored
        // The runner counts the calls it reported: fewer arrived when the channel was turned aside.
        const nlohmann::json sent = j.value("calls", nlohmann::json());
        if (record_cut.empty() && (!sent.is_number_unsigned() || sent.get<std::size_t>() != calls_this_seed))
          record_cut = "the runner reported " + (sent.is_number_unsigned() ? std::to_string(sent.get<std::size_t>()) : "?") +
                       " runtime calls and " + std::to_string(calls_this_seed) + " reached the grader";
        calls_this_seed = 0;
        seed_ends.push_back(calls.size());
        SeedRun run;
        run.seed = seeds[runs.size()];
        run.done = j;
        run.arena = read_back(memory, layout, inputs(run.seed));
        runs.push_back(std::move(run));
        const bool ok = j.value("status", "") == "ok";
        finished = ok && runs.size() == seeds.size() && keep_runner;
        reply = ok && runs.size() < seeds.size() ? start_seed() : finished ? "" : "quit\n";
      }
    }
    return reply;
  }

  const Arrays& inputs(std::uint64_t seed) { return given ? *given : case_data(s, t, seed).inputs; }

  std::string start_seed() {
    const std::uint64_t seed = seeds[started++];
    load_inputs(memory, layout, inputs(seed));
    poison_outputs(memory, layout, seed);
    return "run\n";
  }
};

// Whether the CPU backend runs a size with every seed in every thread order (kit/rubric.h, CpuChecks).
bool repeated_on_cpu(const Dims& dims, long max_volume) {
  double volume = 1;
  for (long d : dims) volume *= static_cast<double>(d);
  return volume <= static_cast<double>(max_volume);
}

// On the CPU backend, one worker runs every block of the runs that look for races: the checking builds,
// and the default build at the sizes it runs in several thread orders. The blocks then take their turns
// in the order KITCPU_ORDER gives them (kitcpu's thread_order.h), not in the machine's, so the first
// finding and the result in each order are the same in every grading of the same file.
bool one_worker(const Session& s, const TestCase& t, const std::string& flavour) {
  return flavour != "fast" || repeated_on_cpu(t.dims, s.rubric.cpu_checks.repeats_max_volume);
}

// How a run of `exe` in `flavour` (and, on the CPU backend, thread `order`) is started and talked to: its
// sandbox, its wrapping tool, its environment and its time limits. `dir` is its scratch folder.
ProcessRequest run_request(Session& s, const TestCase& t, const std::string& exe, const std::string& flavour,
                           const std::string& order, const RunnerCase& layout, DeviceMemory& memory,
                           const fs::path& dir, SeedConversation& talk) {
  const bool gpu_tool = flavour == "racecheck" || flavour == "memcheck";
  const std::string report = (dir / "diagnostics.jsonl").string();
  ProcessRequest req = runner_request(exe, layout, memory.descriptor(), dir.string(), s.rubric.limits.test_seconds);
  req.converse = [&talk](const std::string& channel) { return talk.next(channel); };
  req.turn_over = [&talk] { return talk.finished; };
  req.sandbox = run_sandbox(s, exe, dir.string(), flavour == "asan" || flavour == "tsan",
                            gpu_tool ? RunTool::compute_sanitizer : RunTool::none);
  // Only the runner is watched: a process the student's code forked cannot use the runner's CUDA context,
  // and compute-sanitizer would wait for every watched process to end before it reports.
  if (gpu_tool)
    req.argv.insert(req.argv.begin(), {compute_sanitizer(), "--tool", flavour, "--target-processes",
                                       "application-only", "--error-exitcode",
                                       std::to_string(kSanitizerExitCode), "--print-limit", "20"});
  // memcheck sees an access past an array only when the array is an allocation of its own.
  if (flavour == "memcheck") req.argv.insert(req.argv.end(), {"--separate-buffers", "1"});
  // On a GPU a run at a correctness size takes milliseconds: one that has not finished in
  // limits.run_seconds is a kernel that never ends, and waiting out the test's whole limit for it (made
  // for the CPU backend's emulation) would cost a class minutes per hung build. compute-sanitizer's
  // tools slow every run many times over, so they get more.
  if (s.backend == Backend::cuda) req.stall_timeout_s = s.rubric.limits.run_seconds * (gpu_tool ? kSanitizerSlowdown : 1);
  if (s.backend == Backend::cpu) {
    const double watchdog = std::max(1.0, std::min(10.0, 0.5 * req.timeout_s));
    req.env = {{"KITCPU_ORDER", order}, {"KITCPU_REPORT", report},
               {"KITCPU_WATCHDOG_S", std::to_string(watchdog)},
               {"ASAN_OPTIONS", "detect_leaks=0:abort_on_error=0:halt_on_error=1:exitcode=87"},
               {"UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1:exitcode=87"},
               {"TSAN_OPTIONS", "halt_on_error=1:exitcode=88:report_signal_unsafe=0"}};
    if (one_worker(s, t, flavour)) req.env.emplace_back("KITCPU_WORKERS", "1");
    if (flavour == "checks") req.env.emplace_back("KITCPU_CHECKS", "1");
    // The runtime reads its device once, as the program starts (kitcpu/virtual_device.h).
    if (!t.device.empty()) req.env.emplace_back("KITCPU_DEVICE", t.device);
  }
  return req;
}

// Two runs may share a kept runner (kit/runner_pool.h) when everything its process was started with is
// the same: the program, and the environment its flavour, thread order, workers and virtual device give
// it.
std::string runner_key(const Session& s, const TestCase& t, const std::string& exe, const std::string& flavour,
                       const std::string& order) {
  const bool cpu_workers = s.backend == Backend::cpu && !one_worker(s, t, flavour);
  return exe + "\n" + flavour + "\n" + order + "\n" + t.device + (cpu_workers ? "\nworkers" : "");
}

// A run's share of the timing lock, on a GPU under a timing lock: the one the worker's kept runners hold,
// unless a timing waits for it. Then the runners end, the share goes, and the run queues for a new one
// holding nothing, as every holder of a share must (kit/timing_lock.h).
TimingLock share_for_run(Session& s) {
  if (s.backend != Backend::cuda || !TimingLock::requested()) return TimingLock(TimingLock::Use::run, false);
  std::optional<TimingLock> held = s.runners.take_share();
  if (held && !TimingLock::timing_waits()) return std::move(*held);
  s.runners.clear();  // kept runners never wait without a share
  held.reset();
  return TimingLock(TimingLock::Use::run);
}

// Goes last of a run's parts: the share stays with the worker's runners while any waits, else it goes.
struct RunShare {
  Session& s;
  TimingLock lock;
  ~RunShare() {
    if (lock.held() && s.runners.size() > 0) s.runners.hold_share(std::move(lock));
  }
};

// After a runner's turn ends, wherever run_once returns: a runner whose runs ended cleanly goes back to
// the session's pool; any other ends.
struct RunnerKeeper {
  Session& s;
  const RunVerdict& v;
  std::string key;
  KeptRunner runner;
  ~RunnerKeeper() {
    if (runner.child && !v.fatal) s.runners.keep(key, std::move(runner));
  }
};

// `given_inputs`: run on these instead of the case's inputs, with nothing to compare the outputs with
// (`grader run`); the verdict keeps the outputs. `may_reuse`: the run may go to a kept runner.
RunVerdict run_once(Session& s, const TestCase& t, const std::string& exe, const std::string& flavour,
                    const std::string& order, const std::vector<std::uint64_t>& seeds, const std::string& label,
                    const Arrays* given_inputs = nullptr, bool may_reuse = true) {
  const StageScope stage(s.stages, flavour == "fast"                                 ? "correctness runs"
                                   : flavour == "racecheck" || flavour == "memcheck" ? "compute-sanitizer runs"
                                                                                     : "checking builds' runs");
  RunVerdict v;
  const Problem& problem = *t.function->problem;
  const std::vector<ArraySpec> out_specs = problem.outputs(t.dims);
  // From the first correctness run on, the technique checks judge only kernels a passing run credits
  // (Session::launched_kernels): a run that fails, however it fails, credits none.
  if (flavour == "fast") s.kernels_recorded = true;
  const bool gpu_tool = flavour == "racecheck" || flavour == "memcheck";
  // compute-sanitizer says what it found when its process ends, so each of its runs has a process of its
  // own.
  const bool poolable = s.runners.enabled() && !gpu_tool && !given_inputs;
  RunnerKeeper keeper{s, v, runner_key(s, t, exe, flavour, order), {}};
  std::optional<KeptRunner> reused = poolable && may_reuse ? s.runners.take(keeper.key) : std::nullopt;
  // A kept runner's cases alternate between two places for the arrays: work the student's code put off
  // to its next call, on the pointers of the last, then writes where this case's outputs are not.
  const std::size_t lead = reused && reused->cases % 2 == 1 ? kKeptRunnerShiftBytes : 0;
  const RunnerCase layout =
      layout_runner_case(t.function->name, t.dims, problem.inputs(t.dims), out_specs, kGuardBytes, lead);
  // Under a timing lock, no run of this grading overlaps another's timing (kit/timing_lock.h).
  RunShare share{s, share_for_run(s)};
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  fill_guards(*memory, layout);
  SeedConversation talk(s, t, layout, *memory, seeds, given_inputs);
  talk.keep_runner = poolable;

  // Each runner writes in a folder of its own, the only one its sandbox may write to.
  const fs::path dir = reused ? fs::path(reused->scratch) : fs::path(new_scratch_folder(s, flavour));
  const std::string report = (dir / "diagnostics.jsonl").string();
  ProcessRequest req = run_request(s, t, exe, flavour, order, layout, *memory, dir, talk);
  req.first_reply_timeout_s = kKeptRunnerReplySeconds;
  KeptChild child = reused ? std::move(reused->child) : KeptChild();
  if (!reused) ++s.runner_starts;
  ProcessResult p = run_turn(req, &child, reused ? "case " + encode_runner_case(layout) + "\n" : "", memory->descriptor());
  // A kept runner that did not take the case is not this test's doing: a new runner runs the test. One
  // that ended had its last test's code end it late; one silent until first_reply_timeout_s had its
  // channel taken over, and its build keeps no more runners, so that no later test waits for it.
  if (reused && !p.kept && !talk.ready) {
    if (p.stalled) s.runners.give_up_on(keeper.key);
    s.runners.hold_share(std::move(share.lock));  // for the new runner's run: no share waits for another
    return run_once(s, t, exe, flavour, order, seeds, label, given_inputs, false);
  }
  if (p.kept) {
    keeper.runner = {std::move(child), dir.string(), (reused ? reused->seconds : 0) + p.seconds,
                     (reused ? reused->cases : 0) + 1};
  }
  // A cuda runner's record gives return addresses: the lines come from the runner's debug information.
  place_calls(talk.calls, exe, s.source);
  v.launches = launches_in_record(talk.calls);

  // Everything that stops a run before its outputs can be judged.
  bool diag_error = false;
  Finding first;
  // What the run left is taken in before anything reads it (run_files.h): it may be a link or a fifo.
  std::string tampered;
  const std::string diagnostics = cpu_diagnostics(take_run_file(s, report, kMaxRunFile, &tampered), &diag_error, &first);
  // A kept runner's next test reports into a file of its own; one that reported an error is not kept.
  if (diag_error) keeper.runner.child.reset();
  if (p.kept) {
    std::error_code ignored;
    fs::remove(report, ignored);
  }
  std::string sanitizer;
#ifdef KIT_HAVE_CPU_BACKEND
  if (s.backend == Backend::cpu && flavour != "fast") {
    // Named by the file's name, as the runtime's own diagnostics name it, not by the grading's folder.
    const std::string file_name = fs::path(s.source).filename().string();
    for (const kitcpu::Diagnostic& d : kitcpu::parse_sanitizer_output(p.err, file_name)) {
      if (first.category.empty()) first = finding_of(d);
      sanitizer += (sanitizer.empty() ? "" : "\n") + kitcpu::format_diagnostic(d);
    }
  }
#endif
  std::string output = p.out + (p.out.empty() || p.err.empty() ? "" : "\n") + p.err;
  auto stop = [&](const std::string& message, const std::string& extra) {
    v.fatal = true;
    v.message = message;
    v.details = label + extra;
    if (!output.empty()) v.details += "\nthe program's last output:\n" + indent_lines(last_lines(output, 12), "  ");
    return v;
  };
  if (!p.start_error.empty()) return stop("crashed: " + p.start_error, "");
  if (!tampered.empty()) return stop("the program tampered with the grader's files: " + tampered, "");
  if (!talk.record_cut.empty())
    return stop("the program tampered with the grader's channel: " + talk.record_cut, "");
  if (!talk.harness_error.empty()) return stop("the harness failed: " + talk.harness_error, "");
  if (flavour == "racecheck" && p.exit_code == kSanitizerExitCode) {
    output.clear();
    v.diagnosis = racecheck_diagnosis(p.out + p.err, s.source);
    return stop("missing __syncthreads suspected: compute-sanitizer's racecheck found a shared-memory race",
                "\n" + sanitizer_findings(p.out + p.err, s.source));
  }
  if (flavour == "memcheck" && p.exit_code == kSanitizerExitCode) {
    output.clear();
    v.diagnosis = memcheck_diagnosis(p.out + p.err, s.source);
    const std::string where = v.diagnosis.line > 0 ? " at " + v.diagnosis.file + ":" + std::to_string(v.diagnosis.line) : "";
    const std::string& category = v.diagnosis.category;
    const std::string what = category.rfind("out-of-bounds-", 0) == 0 ? "out-of-bounds " + category.substr(14)
                             : category.rfind("shared-out-of-bounds-", 0) == 0
                                 ? "out-of-bounds shared memory " + category.substr(21)
                                 : "invalid memory access";
    if (v.diagnosis.category.empty()) v.diagnosis.category = "memory-error";
    return stop(what + where + " (compute-sanitizer memcheck)", "\n" + sanitizer_findings(p.out + p.err, s.source));
  }
  // The runtime's own diagnostics name the CUDA thread; for a race, the parsed ThreadSanitizer report is
  // better, naming both lines. Either way the raw sanitizer output adds nothing a student needs.
  const bool diagnosed = p.exit_code == kitcpu::kFatalDiagnosticExitCode || (diag_error && !p.ok()) || !sanitizer.empty();
  if (diagnosed) {
    output.clear();
    // The CPU backend's watchdog stopped it before the time limit did.
    v.timed_out = first.category == "hang" || first.category == "host-hang";
    const std::string& text = (flavour == "tsan" && !sanitizer.empty()) || diagnostics.empty() ? sanitizer : diagnostics;
    v.diagnosis = diagnosis_of(first);
    return stop(headline_for(first), "\n" + text);
  }
  v.timed_out = p.timed_out;
  if (p.stalled) {
    v.diagnosis.category = "hang";
    const std::string limit = gpu_tool ? "limits.run_seconds times " + std::to_string(kSanitizerSlowdown) +
                                             " under compute-sanitizer"
                                       : "limits.run_seconds";
    // The grader sees only that the function has not returned: a kernel or its host code may hold it.
    return stop("the function did not return: one run went on for more than " +
                    std::to_string(static_cast<int>(req.stall_timeout_s)) + " s (" + limit +
                    "), where a correct one takes milliseconds: a kernel that never ends (an endless loop, or "
                    "a barrier some threads never reach), or host code that never returns",
                diagnostics.empty() ? "" : "\n" + diagnostics);
  }
  if (p.timed_out) v.diagnosis.category = "timeout";
  if (p.timed_out)
    return stop("timed out after " + std::to_string(static_cast<int>(req.timeout_s)) +
                    " s: an endless loop, or a kernel far too slow for this size",
                diagnostics.empty() ? "" : "\n" + diagnostics);
  if (p.channel_flooded || p.channel_garbled) return stop("the program " + describe_ending(p, req.timeout_s), "");
  if (p.signal) v.diagnosis.category = "crash";
  if (p.signal)
    return stop("crashed: " + describe_ending(p, req.timeout_s), diagnostics.empty() ? "" : "\n" + diagnostics);

  // Where the answer came from: the arena holds it, but host code may have put it there.
  // A runner that ended early is judged by how it ended (below), not by the calls it did not finish; a
  // problem whose answer is the host's own (a device query) has no kernel to have computed it.
  if (flavour == "fast" && talk.runs.size() == talk.started && !problem.host_answer) {
    const std::string host_work = answer_from_the_host(talk.calls);
    if (!host_work.empty()) {
      v.message = host_work;
      v.diagnosis.category = host_work.rfind("no kernel", 0) == 0 ? "no-kernel-launched" : "answer-from-host";
      v.details = label + "what your code asked the CUDA runtime to do:\n" + describe_calls(talk.calls);
      return v;
    }
  }
  // Byte by byte, which writer each output's answer came from (answer_flow.h); technique checks judge
  // only the kernels it names, once the test has passed. A seed that ended in a CUDA error is judged
  // by that error (below): its record stops where the function gave up.
  const bool every_seed_ok = talk.runs.size() == talk.started &&
                             std::all_of(talk.runs.begin(), talk.runs.end(),
                                         [](const SeedRun& r) { return r.done.value("status", "") == "ok"; });
  const AnswerFlow flow =
      flavour == "fast" && !problem.host_answer && every_seed_ok && !given_inputs && !talk.runs.empty()
          ? follow_answers(talk.calls, talk.seed_ends,
                           answer_outputs(out_specs, case_data(s, t, talk.runs.front().seed).expected),
                           host_code_record(talk.calls))
          : AnswerFlow{};
  if (flavour == "fast" && every_seed_ok && host_code_record(talk.calls))
    for (std::vector<nlohmann::json>& calls : calls_by_seed(talk.calls, talk.seed_ends))
      if (s.host_code_runs.size() < kMaxHostCodeRuns) s.host_code_runs.push_back({t.function->name, t.name, t.dims, std::move(calls)});
  if (!flow.host_work.empty()) {
    v.message = flow.host_work;
    v.diagnosis.category = "answer-from-host";
    v.details = label + "what your code asked the CUDA runtime to do:\n" + describe_calls(talk.calls);
    return v;
  }

  // Each seed the runner finished, judged from the arena.
  for (const SeedRun& run : talk.runs) {
    const std::string status = run.done.value("status", "");
    if (status == "cuda-error") {
      // A refused launch says only "invalid argument": the launch record says which limit it broke.
      // The record's own word first: which launch was refused and why; the CPU backend names the limit
      // itself, the device's own (a virtual device's) included.
      std::string refused = refused_launch(talk.calls);
      if (refused.empty() && first.category == "invalid-launch") refused = first.message;
      const std::string failed = failed_launch(talk.calls);
      const std::string error = run.done.value("error_name", std::string("?")) + ": " + run.done.value("error", std::string());
      v.diagnosis.category = refused.empty() && failed.empty() ? "cuda-error" : "invalid-launch";
      if (first.category == "invalid-launch") v.diagnosis = diagnosis_of(first);
      const std::string headline = !refused.empty() ? refused + (s.backend == Backend::cuda ? " (the GPU's error: " : " (") + error + ")"
                                   : !failed.empty() ? failed
                                                     : "CUDA error " + error;
      return stop(headline, diagnostics.empty() ? "" : "\n" + diagnostics);
    }
    std::string signature;
    for (const HostArray& got : run.arena.outputs) signature.append(got.bytes.begin(), got.bytes.end());
    v.output_signatures.push_back(signature);
    if (given_inputs) v.given_outputs.push_back(run.arena.outputs);
    if (!v.message.empty()) continue;
    if (!run.arena.damage.empty()) {
      v.message = guard_message(run.arena.damage.front());
      v.diagnosis.category = "out-of-bounds-write";
      v.details = label + "seed " + std::to_string(run.seed) + ": " + v.message;
      continue;
    }
    if (!run.arena.inputs_modified.empty()) {
      v.message = "modified input " + run.arena.inputs_modified.front() + ": inputs must stay unchanged";
      v.diagnosis.category = "input-write";
      v.details = label + v.message;
      continue;
    }
    if (given_inputs) continue;
    const CaseData& data = case_data(s, t, run.seed);
    for (std::size_t o = 0; o < run.arena.outputs.size() && v.message.empty(); ++o) {
      const HostArray& got = run.arena.outputs[o];
      const Comparison c = compare_output(got, data.expected.values[o], data.expected.error_scales[o],
                                          s.rubric.tolerance, run.seed);
      if (c.passed()) continue;
      v.message = summarize(c);
      v.details = label + "seed " + std::to_string(run.seed) + ":\n" + explain_mismatches(c, out_specs[o]);
      v.diagnosis.category = c.never_written == c.total ? "never-written" : "wrong-answer";
      if (problem.pictures) v.wrong_picture = WrongPicture{got, data.expected.values[o], c, run.seed};
      const Failure failure{c, got, data.inputs, t.dims, t.knobs, &data.expected.values[o]};
      if (problem.wrong_answers) {
        const std::string cause = recognised_wrong_answer(problem.wrong_answers(failure), o, got);
        if (!cause.empty()) v.message += ": " + cause;
        v.diagnosis.cause = cause;
      }
      if (v.diagnosis.cause.empty() && c.never_written > 0) {
        const std::string uncovered = uncovered_output(talk.calls, out_specs[o], c.never_written);
        if (!uncovered.empty()) {
          v.message += ": " + uncovered;
          v.diagnosis.category = "grid-too-small";
          v.diagnosis.cause = uncovered;
        }
      }
      if (v.diagnosis.cause.empty()) {
        const std::string tail = uncovered_tail(talk.calls, out_specs[o], c.wrong_elements);
        if (!tail.empty()) {
          v.message += ": " + tail;
          v.diagnosis.category = "grid-too-small";
          v.diagnosis.cause = tail;
        }
      }
      if (v.diagnosis.cause.empty() && problem.shape_cause) {
        const std::string cause = problem.shape_cause(failure);
        if (!cause.empty()) v.message += ": " + cause;
        v.diagnosis.cause = cause;
      }
      if (problem.explain) {
        const std::string more = problem.explain(failure);
        if (!more.empty()) v.details += "\n" + more;
      }
    }
  }
  // A program that ends itself after a refused launch (host code that checks its errors, as it should)
  // is named by its launch record.
  const std::string refused = !refused_launch(talk.calls).empty() ? refused_launch(talk.calls) : failed_launch(talk.calls);
  if (talk.runs.size() < seeds.size() && !p.signal && !refused.empty()) {
    v.diagnosis.category = "invalid-launch";
    return stop("a launch was refused and the program ended (" + describe_ending(p, req.timeout_s) + "): " + refused,
                diagnostics.empty() ? "" : "\n" + diagnostics);
  }
  if (talk.runs.size() < seeds.size()) v.diagnosis.category = "crash";
  if (talk.runs.size() < seeds.size())
    return stop("crashed: the runner ended (" + describe_ending(p, req.timeout_s) + ") before finishing seed " +
                    std::to_string(seeds[talk.runs.size()]),
                diagnostics.empty() ? "" : "\n" + diagnostics);
  if (v.message.empty() && !diagnostics.empty()) {  // warnings only: right results, but worth knowing
    v.details = label + diagnostics;
    v.warned = true;
  }
  v.passed = v.message.empty();
  if (v.passed) s.launched_kernels.insert(flow.kernels.begin(), flow.kernels.end());
  return v;
}

// A checking build that fails (or runs out of time) cannot vouch for the test: the test fails, saying why.
RunVerdict checking_build_failed(const BuildOutcome& build, const std::string& which) {
  RunVerdict v;
  v.fatal = true;
  v.message = "the " + which + " build of your file failed: " + build.summary;
  v.details = last_lines(build.log, 20);
  return v;
}

bool small_enough(const Dims& dims, long limit) {
  return std::all_of(dims.begin(), dims.end(), [&](long d) { return d <= limit; });
}

// The CPU backend's checking builds run the default build at small sizes (kit/rubric.h, CpuChecks).
bool checked_under_asan(const Session& s, const TestCase& t) {
  return s.backend == Backend::cpu && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.sanitizer_max_dim);
}
bool checked_under_tsan(const Session& s, const TestCase& t) {
  return s.backend == Backend::cpu && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.race_max_dim);
}

// Whether compute-sanitizer's racecheck runs on `t` (the default build at small sizes, on a GPU).
bool racechecked(const Session& s, const TestCase& t) {
  return s.backend == Backend::cuda && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.race_max_dim) &&
         !compute_sanitizer().empty();
}

// Whether the session's racecheck sweep covered `t` and found no hazard in any of its tests. Waits for
// the sweep to end.
bool swept_clean(const Session& s, const TestCase& t) {
  const RacecheckSweep* sweep = s.racecheck_sweep.get();
  return sweep && sweep->covers(t) && sweep->clean.get();
}


// The pictures of a wrong output, into the grading's work folder; the grading copies them to the folder
// the user asked for. Pictures are a help: a test's verdict never depends on writing them.
std::vector<std::string> stage_failure_pictures(const Session& s, const TestCase& t, const WrongPicture& wrong) {
  const std::string stem = picture_stem(t.group, t.name);
  try {
    return write_failure_pictures(wrong, (fs::path(s.work_dir) / "failure-pictures" / stem).string(), stem);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

std::vector<StudentBuild> builds_for_test(const Session& s, const TestCase& t) {
  std::vector<StudentBuild> builds = {{"fast", t.build}};
  if (checked_under_asan(s, t)) builds.push_back({"asan", {}});
  if (checked_under_tsan(s, t)) builds.push_back({"tsan", {}});
  return builds;
}

TestResult run_correctness_test(Session& s, const TestCase& t, bool* hung) {
  TestResult result;
  result.name = t.name;
  result.group = t.group;
  result.category = TestCategory::correctness;
  result.max_score = t.points;
  result.visibility = visibility_name(t.visibility);

  const BuildOutcome& build = student_runner(s, "fast", t.build);
  if (!build.ok) {
    result.status = TestStatus::failed;
    result.message = "not run: " + build.summary;
    result.details = last_lines(build.log, 30);
    return result;
  }
  if (const std::string overridden = knobs_overridden(s, t.build); !overridden.empty()) {
    result.status = TestStatus::failed;
    result.message = overridden;
    return result;
  }

  std::vector<std::string> orders = {""};
  std::vector<std::uint64_t> seeds = t.seeds;
  if (s.backend == Backend::cpu) orders = s.rubric.cpu_checks.orders;
  const bool large = s.backend == Backend::cpu && !repeated_on_cpu(t.dims, s.rubric.cpu_checks.repeats_max_volume);
  if (large) {
    orders.resize(1);
    seeds.resize(1);
  }
  const std::size_t seeds_run = seeds.size();
  std::vector<RunVerdict> verdicts;
  std::vector<std::string> names;
  if (hung) *hung = false;
  // Every seed in the first order; the other orders look for races, which one seed shows as well as three.
  for (const std::string& order : orders) {
    const std::string label = orders.size() > 1 ? "[thread order " + order + "] " : "";
    if (!verdicts.empty()) seeds = {t.seeds.front()};
    verdicts.push_back(run_once(s, t, build.executable, "fast", order, seeds, label));
    names.push_back(order);
    if (hung && verdicts.back().timed_out) *hung = true;
    if (verdicts.back().fatal) break;
  }

  const RunVerdict* failing = nullptr;
  for (const auto& v : verdicts)
    if (!v.passed && !failing) failing = &v;
  bool orders_disagree = false;
  for (const auto& v : verdicts)
    if (!v.fatal && !verdicts.front().fatal && !v.output_signatures.empty() &&
        !verdicts.front().output_signatures.empty() &&
        v.output_signatures.front() != verdicts.front().output_signatures.front())
      orders_disagree = true;

  std::string message, details;
  Diagnosis diagnosis;
  bool passed = !failing && !orders_disagree;
  if (failing && failing->fatal) {
    message = failing->message;
    details = failing->details;
    diagnosis = failing->diagnosis;
  } else if (orders_disagree) {
    message = "missing __syncthreads suspected: the result changes with the order in which a block's threads run "
              "(or two threads store one element)";
    for (std::size_t i = 0; i < verdicts.size(); ++i)
      details += "thread order " + names[i] + ": " + (verdicts[i].passed ? "right" : verdicts[i].message) + "\n";
    if (failing) details += failing->details;
    diagnosis.category = "order-dependent-result";
  } else if (failing) {
    message = failing->message;
    details = failing->details;
    diagnosis = failing->diagnosis;
  }

  // A checking build's finding is the headline when the test had passed so far, or when it names a line
  // and the failure so far does not (a wrong value, a result that changes with the thread order): it says
  // where and why, and the first failure moves under it. Otherwise it goes under the first failure, so
  // that neither is lost.
  auto add_finding = [&](const RunVerdict& v) {
    const bool headline = passed || (v.diagnosis.line > 0 && diagnosis.line == 0);
    if (headline && !passed) details = message + (details.empty() ? "" : "\n" + details);
    if (headline) {
      message = v.message;
      diagnosis = v.diagnosis;
    } else {
      details += (details.empty() ? "" : "\n") + v.message;
    }
    passed = false;
    details += (details.empty() ? "" : "\n") + v.details;
  };
  // What a failure that names no line still leaves to find.
  const auto unlocated = [&] { return !passed && diagnosis.line == 0; };

  // The checking builds, on small sizes: they name the line of an out-of-bounds access or a race.
  if (s.backend == Backend::cpu && (passed || !failing || !failing->fatal)) {
    const std::vector<std::uint64_t> one_seed = {t.seeds.front()};
    if (checked_under_asan(s, t)) {
      const BuildOutcome& asan = student_runner(s, "asan", {});
      if (asan.ok) {
        RunVerdict v = run_once(s, t, asan.executable, "asan", "forward", one_seed, "[AddressSanitizer build] ");
        if (v.fatal) add_finding(v);
      } else {
        add_finding(checking_build_failed(asan, "AddressSanitizer"));
      }
    }
    // The access checks (a load of shared memory nobody stored, two threads storing one element, a store
    // to an input) explain a wrong result; a right one has nothing for them to explain.
    if (unlocated() && small_enough(t.dims, s.rubric.cpu_checks.sanitizer_max_dim)) {
      const BuildOutcome& checks = student_runner(s, "access", t.build);
      if (checks.ok) {
        RunVerdict v = run_once(s, t, checks.executable, "checks", "forward", one_seed, "[access checks build] ");
        if (v.fatal) add_finding(v);
      }
    }
    if (checked_under_tsan(s, t)) {
      const BuildOutcome& tsan = student_runner(s, "tsan", {});
      if (tsan.ok) {
        RunVerdict v = run_once(s, t, tsan.executable, "tsan", "forward", one_seed, "[race detector build] ");
        if (v.fatal && v.message.find("missing __syncthreads") != std::string::npos) add_finding(v);
      } else {
        add_finding(checking_build_failed(tsan, "race detector"));
      }
    }
  }

  // On a GPU, compute-sanitizer's racecheck finds the missing barriers a lucky run hides (small sizes:
  // it slows a kernel down a hundredfold).
  if (racechecked(s, t) && (passed || !failing || !failing->fatal) && !swept_clean(s, t)) {
    RunVerdict v = run_once(s, t, build.executable, "racecheck", "", {t.seeds.front()}, "[compute-sanitizer racecheck] ");
    if (v.fatal && v.message.find("missing __syncthreads") != std::string::npos) add_finding(v);
  }
  // memcheck names the line of an access past an array, which a GPU run alone shows only as damage
  // around the array or a wrong value; it runs only for a failure that names no line.
  if (s.backend == Backend::cuda && unlocated() && small_enough(t.dims, s.rubric.cpu_checks.sanitizer_max_dim) &&
      !compute_sanitizer().empty() && (!failing || !failing->fatal || failing->diagnosis.category == "cuda-error")) {
    RunVerdict v = run_once(s, t, build.executable, "memcheck", "", {t.seeds.front()}, "[compute-sanitizer memcheck] ");
    if (v.fatal && v.diagnosis.line > 0) add_finding(v);
  }

  if (passed) {
    for (const RunVerdict& v : verdicts)
      if (v.warned && details.empty()) details = v.details;
  }
  if (!verdicts.empty()) result.launches = verdicts.front().launches;
  result.status = passed ? TestStatus::passed : TestStatus::failed;
  result.score = passed ? t.points : 0;
  if (!passed) result.diagnosis = diagnosis;
  if (!passed && failing && failing->wrong_picture) result.pictures = stage_failure_pictures(s, t, *failing->wrong_picture);
  result.message = passed ? std::to_string(seeds_run) + (seeds_run == 1 ? " seed" : " seeds") +
                                (orders.size() > 1 ? ", " + std::to_string(orders.size()) + " thread orders" : "") +
                                (large ? " (a large size: the CPU backend repeats the smaller ones)" : "") +
                                (details.empty() ? "" : "; warning from the CPU backend: " + details.substr(0, details.find('\n')))
                          : message;
  while (!details.empty() && details.back() == '\n') details.pop_back();
  result.details = details;
  return result;
}

std::vector<const TestCase*> racecheck_sweep_tests(const Session& s, const std::vector<TestCase>& cases) {
  std::vector<const TestCase*> tests;
  for (const TestCase& t : cases)
    if (racechecked(s, t)) tests.push_back(&t);
  return tests;
}

bool racecheck_finds_nothing(Session& s, const std::vector<const TestCase*>& tests) {
  const StageScope stage(s.stages, "compute-sanitizer runs");
  const BuildOutcome& build = student_runner(s, "fast", {});
  if (!build.ok || tests.empty()) return false;
  // The runner is kept from one case to the next, and nothing of the student's may be alive while another
  // grading sharing the GPU times: the sweep holds a share of the timing lock while its runner lives.
  // When a timing waits for the lock, the runner ends between two cases (its exit code is the verdict on
  // the cases so far), the share goes, and a new runner takes the rest once the timing is done.
  std::optional<TimingLock> sharing;
  const fs::path dir = new_scratch_folder(s, "racecheck");
  KeptChild runner;
  // Its control socket closed, the runner exits, and compute-sanitizer with it, with kSanitizerExitCode
  // if any case raced.
  auto end_clean = [&] {
    ProcessRequest end;
    end.timeout_s = s.rubric.limits.test_seconds;
    const ProcessResult ended = run_turn(end, &runner);
    sharing.reset();
    return ended.start_error.empty() && !ended.timed_out && ended.signal == 0 && ended.exit_code == 0;
  };
  for (const TestCase* t : tests) {
    if (runner && TimingLock::timing_waits() && !end_clean()) return false;
    if (!sharing) sharing.emplace(TimingLock::Use::run, true);
    const Problem& problem = *t->function->problem;
    const RunnerCase layout =
        layout_runner_case(t->function->name, t->dims, problem.inputs(t->dims), problem.outputs(t->dims), kGuardBytes);
    const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
    fill_guards(*memory, layout);
    const std::vector<std::uint64_t> seed = {t->seeds.front()};
    SeedConversation talk(s, *t, layout, *memory, seed, nullptr);
    talk.keep_runner = true;
    ProcessRequest req = run_request(s, *t, build.executable, "racecheck", "", layout, *memory, dir, talk);
    // A sweep that gives up costs only the tests' own racechecks, with their longer limits; one that waits
    // for a kernel that never ends holds up every test waiting for its verdict. A small size under
    // racecheck takes well under a second: one still going after limits.run_seconds ends the sweep.
    req.stall_timeout_s = s.rubric.limits.run_seconds;
    const bool started = static_cast<bool>(runner);
    const ProcessResult p =
        run_turn(req, &runner, started ? "case " + encode_runner_case(layout) + "\n" : "", memory->descriptor());
    if (!p.kept || !talk.finished) return false;  // the tests' own runs will say what happened
  }
  return end_clean();
}

GivenInputsRun run_on_given_inputs(Session& s, const TestCase& t, const Arrays& inputs) {
  GivenInputsRun run;
  const BuildOutcome& build = student_runner(s, "fast", t.build);
  if (!build.ok) {
    run.problem = "your file did not build: " + build.summary;
    run.details = last_lines(build.log, 30);
    return run;
  }
  const std::string order = s.backend == Backend::cpu && !s.rubric.cpu_checks.orders.empty()
                                ? s.rubric.cpu_checks.orders.front() : "";
  RunVerdict v = run_once(s, t, build.executable, "fast", order, t.seeds, "", &inputs);
  run.outputs = std::move(v.given_outputs);
  run.finished = run.outputs.size() == t.seeds.size();
  run.problem = v.message;
  run.details = v.details;
  return run;
}

}  // namespace kit
