#include "run/runner_call.h"

#include "kit/channel.h"
#include "os/arena.h"
#include "os/timing_lock.h"
#include "run/runner_backend.h"

namespace kit {

ProcessRequest runner_request(const std::string& exe, const RunnerCase& c, int arena_fd, const std::string& working_dir,
                              double timeout_s) {
  ProcessRequest req;
  req.argv = {exe,
              "--channel-fd",
              std::to_string(kRunnerChannelFd),
              "--control-fd",
              std::to_string(kRunnerControlFd),
              "--arena-fd",
              std::to_string(kRunnerArenaFd),
              "--case",
              encode_runner_case(c)};
  req.channel_fd = kRunnerChannelFd;
  req.framed_channel = true;
  req.control_fd = kRunnerControlFd;
  req.pass_fds = {{arena_fd, kRunnerArenaFd}};
  req.working_dir = working_dir;
  req.timeout_s = timeout_s;
  return req;
}

ProcessResult run_function_once(Session& s, const std::string& exe, const Function& function, const Dims& dims,
                                std::uint64_t seed, const std::string& working_dir,
                                const std::function<void(ProcessRequest&)>& adjust, TimingLock::Use lock) {
  const Problem& problem = *function.problem;
  RunnerCase layout = layout_runner_case(function.name, dims, problem.inputs(dims), problem.outputs(dims), 4096);
  // A run that has the GPU alone measures (a profile): nothing of the runner's own may be in it.
  layout.keep_shared_memory = lock == TimingLock::Use::timing;
  // In a batch, no run of this grading overlaps another's timing (os/timing_lock.h). A run that takes the
  // whole GPU first ends the worker's kept runners, and with them their share: it would wait for itself.
  if (lock == TimingLock::Use::timing && !s.assignment.prepared.timing_lock.empty()) s.worker.runners.clear();
  const TimingLock sharing(s.assignment.prepared.timing_lock, lock, backend_of(s).on_gpu());
  const std::unique_ptr<DeviceMemory> memory = new_arena(s, layout.arena_bytes);
  fill_guards(*memory, layout);
  load_inputs(*memory, layout, generate_inputs(problem, problem.variants.front(), dims, seed));
  poison_outputs(*memory, layout, seed);
  ProcessRequest req = runner_request(exe, layout, memory->descriptor(), working_dir, s.assignment.rubric.limits.test_seconds);
  RecordReader reader;
  std::size_t records = 0;
  req.converse = [&](const std::string& channel) -> std::string {
    // After the first whole record ("ready") the run, after the second ("done") the end.
    const std::size_t before = records;
    records += reader.take(channel).size();
    if (records == before) return "";
    return before == 0 && records == 1 ? "run\n" : "quit\n";
  };
  adjust(req);
  return run_process(req);
}

}  // namespace kit
