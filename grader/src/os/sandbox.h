// The sandbox every compile and run of student code happens in (DESIGN.md, "The trust boundary";
// docs/sandbox.md). It is bubblewrap (bwrap): new user, pid, ipc, network, uts and cgroup namespaces, a
// private /tmp, read-only system folders, and only the folders the caller binds; limits are set inside it
// with prlimit. A run_process request with a SandboxSpec is run this way (os/process.h).
#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

#include "os/sandbox_binds.h"

namespace kit {

struct SandboxBind {
  std::string host_path;     // absolute
  std::string sandbox_path;  // where it appears inside; empty: at host_path (compiler command lines name
                             // host paths, so binding at the same place keeps them valid)
  bool writable = false;
};

// Every limit but max_processes is per process: a sandbox may hold max_processes processes (threads count:
// the CPU backend runs a worker thread per core) each up to max_memory_bytes. RLIMIT_DATA counts private
// writable mappings only, and sanitizers reserve terabytes of those: a run of an ASan or TSan build needs
// max_memory_bytes = 0. Shared mappings escape it (docs/sandbox.md says what that leaves open).
struct SandboxLimits {
  int max_processes = 256;                      // RLIMIT_NPROC, counted in the sandbox's own user namespace
  std::uint64_t max_memory_bytes = 4ull << 30;  // RLIMIT_DATA (heap and private mappings); 0: none
  std::uint64_t max_file_bytes = 256ull << 20;  // RLIMIT_FSIZE: the largest file a process may write
  double max_cpu_seconds = 300;                 // RLIMIT_CPU: SIGXCPU then, one second later, SIGKILL
  std::uint64_t tmp_bytes = 256ull << 20;       // size of /tmp and of /dev/shm, each (tmpfs: held in RAM)
};

struct SandboxSpec {
  std::vector<SandboxBind> binds;  // beyond the system's programs and libraries: only what the step needs
  bool gpu = false;                // the NVIDIA device nodes, /sys and the driver's libraries
  // Folders of the system view to cover with an empty tmpfs: a run of student code must not reach the
  // CUDA toolkit's libraries (cuBLAS computes a matrix product in one call), which live under /usr.
  std::vector<std::string> hidden;
  SandboxLimits limits;
  // A classic BPF program (struct sock_filter[], as bytes) bwrap loads with --seccomp before the program
  // starts: the program and everything it starts run under it. Empty: none. A runner of student code gets
  // os/runner_seccomp.h's.
  std::string seccomp_program;
  // Who the sandbox runs as when the grader is root: RLIMIT_NPROC does not bind root, even inside a user
  // namespace, so a root grader hands student code to this unprivileged user (and its writable binds too).
  uid_t uid = 65534;
  gid_t gid = 65534;
};

// The binds a sandbox needs to run `program` (an absolute path) when it lives outside the system folders
// every sandbox sees (/usr, /bin, /lib...): its toolkit folder (the parent of its bin/ folder), at its
// real path and, when that differs, at the linked path too (/opt/cuda -> /opt/cuda-13.0). Empty otherwise.
std::vector<SandboxBind> program_binds(const std::string& program);

// The bubblewrap binary: $KIT_BWRAP when set (a GPU host without bwrap gets a carried binary), else the
// first bwrap on PATH. Empty with *problem set when there is none.
std::string find_bwrap(std::string* problem);

struct SandboxStatus {
  bool available = false;
  std::string bwrap;    // the binary found
  std::string problem;  // when !available: why no sandbox can be made here
};

// Tries the real thing once (bwrap with every namespace and limit, running /bin/true) and says why not.
SandboxStatus probe_sandbox();

// What a caller prints, and exits 2 with, when it refuses to grade because no sandbox can be made.
std::string no_sandbox_message(const SandboxStatus& status);

// How run_process launches a sandboxed program: this argv (bwrap ... -- prlimit ... -- program...), with
// an empty environment, as `uid`/`gid` when switch_user. `error` set: it cannot be launched. When
// switch_user, bwrap binds every SandboxSpec::binds source from its `staged` place, which run_process
// opens and mounts before bwrap starts (os/sandbox_binds.h): the sandbox user need not reach the host path.
struct SandboxLaunch {
  std::vector<std::string> argv;
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
  std::vector<StagedBind> staged;
  std::string error;
};

// The program sees exactly `env` (plus PATH, unless env sets it, and bwrap's PWD) and starts in
// `working_dir`, a path inside the sandbox ("/tmp" when empty). bwrap writes its JSON status to `info_fd`
// (--json-status-fd): the pid, outside, of the sandbox's init process once it is made, and the program's
// "exit-code" if the program ran; descriptors the caller leaves open without
// close-on-exec are inherited (run_process closes all but the channel first). With a seccomp program,
// `seccomp_fd` is where bwrap reads it (run_process puts it there).
SandboxLaunch sandbox_launch(const SandboxSpec& spec, const std::vector<std::string>& argv,
                             const std::vector<std::pair<std::string, std::string>>& env,
                             const std::string& working_dir, int info_fd, int seccomp_fd = -1);

// Before a launch that switches user: the writable binds' host paths are given to the sandbox user (a
// folder itself, not what it already holds). Returns "" or why it failed.
std::string hand_over_writable_binds(const SandboxSpec& spec, const SandboxLaunch& launch);

// Reads how a sandboxed program ended. bwrap reports a signal as exit code 128 + signal, and its own
// failures, or prlimit's when the program cannot be executed, as exit codes with a message on stderr. The
// program can mimic either (exit(139); "bwrap: " first on stderr, then exit 1) and is then read as having
// crashed or failed to start: a failure either way, never a pass.
struct SandboxEnding {
  int exit_code = -1;
  int signal = 0;
  std::string start_error;  // the program never ran: what stopped it
};
SandboxEnding read_sandbox_ending(int exit_code, const std::string& err, const std::string& program,
                                  const SandboxLaunch& launch);

// The limit that explains a program's end, as a phrase ("used more than 2 s of CPU time, the sandbox's
// limit"), or "" when none does. Memory is judged from the peak resident size, since RLIMIT_DATA leaves no
// other trace: a failed program that came within a quarter of the limit is said to have run out of it.
std::string sandbox_limit_reached(const SandboxLimits& limits, int exit_code, int signal, double cpu_seconds,
                                  std::uint64_t peak_memory_bytes);

}  // namespace kit
