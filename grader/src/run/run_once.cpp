#include "run/run_once.h"

#include <filesystem>
#include <memory>
#include <optional>

#include "assignment/launch_record.h"
#include "os/arena.h"
#include "os/timing_lock.h"
#include "run/call_sites.h"
#include "run/correctness_request.h"
#include "run/run_ending.h"
#include "run/run_files.h"
#include "run/run_outputs.h"
#include "run/runner_backend.h"
#include "run/runner_call.h"
#include "run/seed_conversation.h"
#include "run/step_sandbox.h"
#include "util/stage_clock.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxRunFile = std::size_t{64} << 20;  // a report or call record larger is not read
// A kept runner answers its next case within milliseconds (it maps an arena); one silent this long has
// had its channel taken over.
constexpr double kKeptRunnerReplySeconds = 2;
constexpr std::size_t kKeptRunnerShiftBytes = 4096;  // a page: every pointer of the last case changes

// A run's share of the timing lock, on a GPU under a timing lock: the one the worker's kept runners hold,
// unless a timing waits for it. Then the runners end, the share goes, and the run queues for a new one
// holding nothing, as every holder of a share must (os/timing_lock.h).
TimingLock share_for_run(Session& s) {
  const std::string& lock = s.assignment.prepared.timing_lock;
  if (!backend_of(s).on_gpu() || lock.empty()) return TimingLock();
  std::optional<TimingLock> held = s.worker.runners.take_share();
  if (held && !TimingLock::timing_waits(lock)) return std::move(*held);
  s.worker.runners.clear();  // kept runners never wait without a share
  held.reset();
  return TimingLock(lock, TimingLock::Use::run);
}

// Goes last of a run's parts: the share stays with the worker's runners while any waits, else it goes.
struct RunShare {
  Session& s;
  TimingLock lock;
  ~RunShare() {
    if (lock.held() && s.worker.runners.size() > 0) s.worker.runners.hold_share(std::move(lock));
  }
};

// After a runner's turn ends, wherever run_once returns: a runner whose runs ended cleanly goes back to
// the session's pool; any other ends.
struct RunnerKeeper {
  Session& s;
  bool fatal;  // the run's verdict: a runner whose run crashed, hung or was diagnosed ends
  std::string key;
  KeptRunner runner;
  ~RunnerKeeper() {
    if (runner.child && !fatal) s.worker.runners.keep(key, std::move(runner));
  }
};

// The run's verdict from what it left: how it ended, else its outputs.
RunVerdict verdict_from(Session& s, const TestCase& t, RunEnding& ending, const SeedConversation& talk,
                      const CpuReports& reports, const Arrays* given_inputs) {
  RunVerdict v;
  // A cuda runner's record gives return addresses: the lines come from the runner's debug information.
  v.launches = launches_in_record(talk.calls);
  if (read_ending(ending, reports, v)) return v;
  judge_outputs(s, RunOutputs{t, talk, ending, reports, given_inputs}, v);
  return v;
}

}  // namespace

std::vector<kitcpu::Diagnostic> runtime_diagnostics(Session& s, const std::string& report, std::string* tampered) {
  std::vector<kitcpu::Diagnostic> runtime;
  const std::string taken = take_run_file(s.worker, report, kMaxRunFile, tampered);
#ifdef KIT_HAVE_CPU_BACKEND
  if (!taken.empty() && fs::exists(taken)) runtime = kitcpu::read_diagnostics_file(taken);
#else
  (void)taken;
#endif
  return runtime;
}

RunVerdict run_once(Session& s, const RunnerRun& r, bool may_reuse) {
  const TestCase& t = r.test;
  const std::string& exe = r.exe;
  const RunMode mode = r.mode;
  const std::string& order = r.order;
  const Arrays* given_inputs = r.given_inputs;
  const StageScope stage(s.worker.stages, stage_of(mode));
  // From the first correctness run on, the technique checks judge only kernels a passing run credits
  // (CorrectnessEvidence::launched_kernels): a run that fails, however it fails, credits none.
  if (mode == RunMode::plain) s.worker.evidence.kernels_recorded = true;
  const Problem& problem = *t.function->problem;
  // compute-sanitizer says what it found when its process ends, so each of its runs has a process of its
  // own.
  const bool poolable = s.worker.runners.enabled() && !under_compute_sanitizer(mode) && !given_inputs;
  RunnerKeeper keeper{s, false, runner_key(s, t, exe, mode, order), {}};
  std::optional<KeptRunner> reused = poolable && may_reuse ? s.worker.runners.take(keeper.key) : std::nullopt;
  // A kept runner's cases alternate between two places for the arrays: work the student's code put off
  // to its next call, on the pointers of the last, then writes where this case's outputs are not.
  const std::size_t lead = reused && reused->cases % 2 == 1 ? kKeptRunnerShiftBytes : 0;
  const RunnerCase layout =
      layout_runner_case(t.function->name, t.dims, problem.inputs(t.dims), problem.outputs(t.dims), kGuardBytes, lead);
  // Under a timing lock, no run of this grading overlaps another's timing (os/timing_lock.h).
  RunShare share{s, share_for_run(s)};
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  fill_guards(*memory, layout);
  SeedConversation talk(s, t, layout, *memory, r.seeds, given_inputs);
  talk.keep_runner = poolable;

  // Each runner writes in a folder of its own, the only one its sandbox may write to.
  const fs::path dir = reused ? fs::path(reused->scratch) : fs::path(new_scratch_folder(s.worker, name_of(mode)));
  const std::string report = (dir / "diagnostics.jsonl").string();
  ProcessRequest req = run_request(s, t, exe, mode, order, layout, *memory, dir, talk);
  req.first_reply_timeout_s = kKeptRunnerReplySeconds;
  KeptChild child = reused ? std::move(reused->child) : KeptChild();
  if (!reused) ++s.worker.runner_starts;
  ProcessResult p = run_turn(req, &child, reused ? "case " + encode_runner_case(layout) + "\n" : "", memory->descriptor());
  // A kept runner that did not take the case is not this test's doing: a new runner runs the test. One
  // that ended had its last test's code end it late; one silent until first_reply_timeout_s had its
  // channel taken over, and its build keeps no more runners, so that no later test waits for it.
  if (reused && !p.kept && !talk.ready) {
    if (p.stalled) s.worker.runners.give_up_on(keeper.key);
    s.worker.runners.hold_share(std::move(share.lock));  // for the new runner's run: no share waits for another
    return run_once(s, r, false);
  }
  if (p.kept)
    keeper.runner = {std::move(child), dir.string(), (reused ? reused->seconds : 0) + p.seconds,
                     (reused ? reused->cases : 0) + 1};
  place_calls(talk.calls, exe, s.submission.source);

  RunEnding ending{mode, std::move(p), "", talk.record_cut, talk.harness_error, s.submission.source, req.timeout_s,
                   req.stall_timeout_s, r.label};
  const CpuReports reports = backend_of(s).read_reports(s, mode, report, ending.process, &ending.tampered);
  // A kept runner's next test reports into a file of its own; one that reported an error is not kept.
  if (reports.error) keeper.runner.child.reset();
  if (ending.process.kept) {
    std::error_code ignored;
    fs::remove(report, ignored);
  }
  RunVerdict v = verdict_from(s, t, ending, talk, reports, given_inputs);
  keeper.fatal = v.fatal;
  return v;
}

}  // namespace kit
