// compute-sanitizer's racecheck sweep over a grading's small tests, on a GPU (checks/correctness_run.h).
#include <filesystem>
#include <memory>
#include <optional>

#include "checks/correctness_modes.h"
#include "checks/correctness_run.h"
#include "os/arena.h"
#include "os/timing_lock.h"
#include "run/correctness_request.h"
#include "run/run_once.h"
#include "run/runner_call.h"
#include "run/seed_conversation.h"
#include "run/step_sandbox.h"
#include "util/stage_clock.h"

namespace kit {

namespace fs = std::filesystem;

std::vector<const TestCase*> racecheck_sweep_tests(const Session& s, const std::vector<TestCase>& cases) {
  std::vector<const TestCase*> tests;
  for (const TestCase& t : cases)
    if (racechecked(s, t)) tests.push_back(&t);
  return tests;
}

bool racecheck_finds_nothing(Session& s, const std::vector<const TestCase*>& tests) {
  const StageScope stage(s.worker.stages, stage_of(RunMode::racecheck));
  const BuildOutcome& build = student_runner(s, build_of(RunMode::racecheck), {});
  if (!build.ok || tests.empty()) return false;
  // The runner is kept from one case to the next, and nothing of the student's may be alive while another
  // grading sharing the GPU times: the sweep holds a share of the timing lock while its runner lives.
  // When a timing waits for the lock, the runner ends between two cases (its exit code is the verdict on
  // the cases so far), the share goes, and a new runner takes the rest once the timing is done.
  std::optional<TimingLock> sharing;
  const fs::path dir = new_scratch_folder(s.worker, name_of(RunMode::racecheck));
  KeptChild runner;
  // Its control socket closed, the runner exits, and compute-sanitizer with it, with its error exit code
  // if any case raced.
  auto end_clean = [&] {
    ProcessRequest end;
    end.timeout_s = s.assignment.rubric.limits.test_seconds;
    const ProcessResult ended = run_turn(end, &runner);
    sharing.reset();
    return ended.start_error.empty() && !ended.timed_out && ended.signal == 0 && ended.exit_code == 0;
  };
  for (const TestCase* t : tests) {
    if (runner && TimingLock::timing_waits(s.assignment.prepared.timing_lock) && !end_clean()) return false;
    if (!sharing) sharing.emplace(s.assignment.prepared.timing_lock, TimingLock::Use::run, true);
    const Problem& problem = *t->function->problem;
    const RunnerCase layout =
        layout_runner_case(t->function->name, t->dims, problem.inputs(t->dims), problem.outputs(t->dims), kGuardBytes);
    const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
    fill_guards(*memory, layout);
    const std::vector<std::uint64_t> seed = {t->seeds.front()};
    SeedConversation talk(s, *t, layout, *memory, seed, nullptr);
    talk.keep_runner = true;
    ProcessRequest req = run_request(s, *t, build.executable, RunMode::racecheck, "", layout, *memory, dir, talk);
    // A sweep that gives up costs only the tests' own racechecks, with their longer limits; one that waits
    // for a kernel that never ends holds up every test waiting for its verdict. A small size under
    // racecheck takes well under a second: one still going after limits.run_seconds ends the sweep.
    req.stall_timeout_s = s.assignment.rubric.limits.run_seconds;
    const bool started = static_cast<bool>(runner);
    const ProcessResult p =
        run_turn(req, &runner, started ? "case " + encode_runner_case(layout) + "\n" : "", memory->descriptor());
    if (!p.kept || !talk.finished) return false;  // the tests' own runs will say what happened
  }
  return end_clean();
}
}  // namespace kit
