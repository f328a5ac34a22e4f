#include "run/recorded_run.h"

#include "kit/channel.h"
#include "os/arena.h"
#include "os/timing_lock.h"
#include "run/call_sites.h"
#include "run/run_mode.h"
#include "run/runner_backend.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"

namespace kit {

RecordedRun record_function_run(Session& s, const Function& function, const Dims& dims, int fail_allocation) {
  RecordedRun run;
  const BuildOutcome& build = student_runner(s, build_of(RunMode::plain), {});
  if (!build.ok) {
    run.error = "not checked: " + build.summary;
    return run;
  }
  const Problem& problem = *function.problem;
  RunnerCase layout = layout_runner_case(function.name, dims, problem.inputs(dims), problem.outputs(dims), 4096);
  layout.fail_allocation = fail_allocation;
  // In a batch, no run of this grading overlaps another's timing (os/timing_lock.h).
  const RunnerBackend& backend = backend_of(s);
  const TimingLock sharing(s.assignment.prepared.timing_lock, TimingLock::Use::run, backend.on_gpu());
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  fill_guards(*memory, layout);
  load_inputs(*memory, layout, generate_inputs(problem, problem.variants.front(), dims, s.assignment.rubric.seed));
  poison_outputs(*memory, layout, s.assignment.rubric.seed);
  const std::string dir = new_scratch_folder(s.worker, "host-code");
  ProcessRequest req = runner_request(build.executable, layout, memory->descriptor(), dir, s.assignment.rubric.limits.test_seconds);
  RecordReader reader;
  std::size_t reported = 0, arrived = 0;
  req.converse = [&](const std::string& channel) -> std::string {
    std::string reply;
    for (const Record& record : reader.take(channel)) {
      const nlohmann::json j = nlohmann::json::parse(record.bytes, nullptr, false);
      const std::string type = j.is_object() ? j.value("type", "") : "";
      if (type == "call") {
        run.calls.push_back(j);
        ++arrived;
      } else if (type == "ready") {
        reply = j.value("status", "") == "ok" ? "run\n" : "quit\n";
        if (j.value("status", "") != "ok") run.error = "the harness failed: " + j.value("error", std::string("?"));
      } else if (type == "done" && !run.returned) {
        run.returned = true;
        run.status = j.value("status", "");
        reported = j.value("calls", std::size_t{0});
        reply = "quit\n";
      }
    }
    return reply;
  };
  backend.prepare_function_run(req);
  req.sandbox = run_sandbox(s.assignment, build.executable, dir, false, RunTool::none);
  run.process = run_process(req);
  // The runner counts what it reported: fewer arrived when the channel was turned aside.
  if (run.returned && reported != arrived && run.error.empty())
    run.error = "the program tampered with the grader's channel: the runner reported " + std::to_string(reported) +
                " runtime calls and " + std::to_string(arrived) + " reached the grader";
  place_calls(run.calls, build.executable, s.submission.source);
  return run;
}

}  // namespace kit
