// Runs a child process (a compiler, a runner) with a time limit, capturing stdout and stderr, and, for
// runners, the private channel at a file descriptor of the child's. A child that hangs is killed with its
// whole process group; one that prints without end is cut off at the output cap but still drained; one that
// floods the channel is killed. With a sandbox spec the child runs inside the sandbox (os/sandbox.h), and
// everything it started ends with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "os/sandbox.h"

namespace kit {

struct ProcessRequest {
  std::vector<std::string> argv;
  // Unsandboxed: added to (or replacing in) the grader's environment. Sandboxed: all the child gets,
  // with a fixed PATH unless this sets one.
  std::vector<std::pair<std::string, std::string>> env;
  std::string working_dir;              // empty: the grader's (sandboxed: a path inside, /tmp when empty)
  double timeout_s = 60;
  // > 0: once the child has written to its channel, it must write again (or be answered) within this
  // many seconds, else it is killed as stalled: a runner stuck in a kernel that never ends costs this,
  // not the whole timeout_s. Before its first channel bytes (start-up) only timeout_s applies.
  double stall_timeout_s = 0;
  // > 0, run_turn with a kept child: its first channel bytes of the turn must come within this many
  // seconds of the opening, else it is ended as stalled. A kept runner answers its next case at once,
  // unless its student code took the channel over, and then the turn would wait out timeout_s for
  // nothing.
  double first_reply_timeout_s = 0;
  int channel_fd = -1;                  // >= 0: open a channel pipe at this descriptor in the child
  // The channel carries a runner's framed records (kit/channel.h): one that can never be whole ends the
  // child (ProcessResult::channel_garbled).
  bool framed_channel = false;
  std::size_t max_output_bytes = 256 * 1024;  // per stream kept; the rest is read and dropped
  std::size_t max_channel_bytes = 512u << 20;  // more on the channel is flooding: the child is killed
  std::optional<SandboxSpec> sandbox;   // set: run inside this sandbox
  // Descriptors of the grader's to hand to the child, each at the number the child expects it at
  // ({the grader's descriptor, the child's number}); the grader keeps its own.
  std::vector<std::pair<int, int>> pass_fds;
  // A conversation with the child: with control_fd >= 0 the child reads a socket at that number, and
  // whenever channel bytes arrive `converse` is called with everything received so far and returns what
  // to write to the child next ("" for nothing). The time limit covers the whole conversation.
  int control_fd = -1;
  std::function<std::string(const std::string& channel)> converse;
  // run_turn only: asked after each reply; true ends the turn and keeps the child for the next one.
  std::function<bool()> turn_over;
};

struct ProcessResult {
  std::string start_error;  // non-empty when the program could not be started
  // Sandboxed: the sandbox itself could not be made (bwrap, or the grader's setup of it, failed before
  // any program ran in it), so start_error is the grader's setup's, never the program's doing.
  bool sandbox_failed = false;
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  bool timed_out = false;
  bool stalled = false;     // timed out by stall_timeout_s (timed_out is set too)
  double seconds = 0;
  std::string out, err;     // captured stdout and stderr (capped)
  bool output_truncated = false;
  std::string channel;      // every byte the child wrote to the channel, up to max_channel_bytes
  bool channel_flooded = false;  // it wrote more, and was killed for it
  // On a framed channel (framed_channel: a runner's records, kit/channel.h): a frame of no known type, or
  // one begun and not finished within a few seconds. The runner writes each record whole, so only code
  // that wrote to the channel itself does this; the grader would otherwise wait out the time limit for
  // a record that never comes. The child was killed for it.
  bool channel_garbled = false;
  // Set when the grader knows which limit ended the child: "flooded the result channel (more than
  // 512 MiB)", "used more than 2 s of CPU time, the sandbox's limit".
  std::string limit_reached;
  double cpu_seconds = 0;              // user + system time of the child and what it waited for
  std::uint64_t peak_memory_bytes = 0;  // the largest resident size among them
  bool kept = false;  // run_turn: the turn ended with the child alive, waiting for the next
  bool ok() const {
    return start_error.empty() && !timed_out && signal == 0 && (exit_code == 0 || kept) && limit_reached.empty();
  }
};

ProcessResult run_process(const ProcessRequest& request);

// A child between two turns of its conversation: alive, waiting for the grader's next words on its control
// socket. Dropping it ends the child and everything it started.
struct LiveChild;
struct LiveChildEnd {
  void operator()(LiveChild* child) const;
};
using KeptChild = std::unique_ptr<LiveChild, LiveChildEnd>;

// One turn of a conversation with a child that serves several (a runner kept for test after test,
// run/runner_pool.h). With *kept empty it starts the child as run_process does; with a child in *kept it
// sends `opening` on the control socket, with the descriptor `pass_fd` attached when >= 0, and converses
// from there. The time limits count from the turn's start. When `turn_over` says so, the child stays in
// *kept and the result (kept = true) holds this turn's output and channel bytes; when the child ends,
// *kept is emptied and the result says how, as run_process's does.
ProcessResult run_turn(const ProcessRequest& request, KeptChild* kept, const std::string& opening = "",
                       int pass_fd = -1);

// "exit code 1", "killed by signal 11 (Segmentation fault)", "timed out after 60 s", or the limit reached
std::string describe_ending(const ProcessResult& result, double timeout_s);

}  // namespace kit
