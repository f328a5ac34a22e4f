// Runs a child process (a compiler, a runner) with a time limit, capturing stdout and stderr, and, for
// runners, the private channel at a file descriptor of the child's. A child that hangs is killed with its
// whole process group; one that prints without end is cut off at the output cap but still drained.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace kit {

struct ProcessRequest {
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing in) the grader's
  std::string working_dir;                               // empty: the grader's
  double timeout_s = 60;
  int channel_fd = -1;                  // >= 0: open a channel pipe at this descriptor in the child
  std::size_t max_output_bytes = 256 * 1024;  // per stream kept; the rest is read and dropped
};

struct ProcessResult {
  std::string start_error;  // non-empty when the program could not be started
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  bool timed_out = false;
  double seconds = 0;
  std::string out, err;     // captured stdout and stderr (capped)
  bool output_truncated = false;
  std::string channel;      // every byte the child wrote to the channel
  bool ok() const { return start_error.empty() && !timed_out && signal == 0 && exit_code == 0; }
};

ProcessResult run_process(const ProcessRequest& request);

// "exit code 1", "killed by signal 11 (Segmentation fault)", "timed out after 60 s"
std::string describe_ending(const ProcessResult& result, double timeout_s);

}  // namespace kit
