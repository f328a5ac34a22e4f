#include "os/process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kit/channel.h"
#include "kit/descriptor_passing.h"
#include "os/child_cleanup.h"
#include "os/runner_seccomp.h"
#include "util/text.h"

extern char** environ;

namespace kit {
namespace {

// A runner writes each record in one go, and the grader drains the channel as it comes: a record still
// unfinished this long after the last byte arrived was begun by code that writes to the channel itself.
constexpr double kUnfinishedRecordSeconds = 2;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}


// The grader's replies are a few bytes; a child that does not read them within a second has stopped
// listening, and the conversation ends (the time limit then ends the child).
bool write_all_nonblocking(int fd, const std::string& data) {
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) return false;
    pollfd p = {fd, POLLOUT, 0};
    ::poll(&p, 1, 50);
  }
  return true;
}

void keep_open_across_exec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) & ~FD_CLOEXEC); }

// Closes descriptors first..last (every one from `first` when last is -1).
void close_span(int first, int last) {
  if (last != -1 && first > last) return;
#ifdef SYS_close_range
  if (::syscall(SYS_close_range, first, last == -1 ? ~0u : static_cast<unsigned>(last), 0) == 0) return;
#endif
  for (int fd = first; fd <= (last == -1 ? 65535 : last); ++fd) ::close(fd);
}

// Closes every descriptor from 3 up but those in keep[0..n) (-1 entries are ignored). A sandbox is handed
// only what it is meant to have, and the supervisor, which never execs, must not hold copies of other
// runs' pipes (those runs would wait for its end to see theirs). No allocation: this runs after fork.
void close_all_except(int* keep, int n) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && keep[j - 1] > keep[j]; --j) std::swap(keep[j - 1], keep[j]);
  int from = 3;
  for (int i = 0; i < n; ++i) {
    if (keep[i] < from) continue;
    close_span(from, keep[i] - 1);
    from = keep[i] + 1;
  }
  close_span(from, -1);
}

[[noreturn]] void fail_in_child(const char* message) {
  ssize_t ignored = ::write(2, message, std::strlen(message));
  (void)ignored;
  _exit(127);
}

// The same, with what the failed call said: "<message>: Operation not permitted".
[[noreturn]] void fail_in_child(const char* message, int error) {
  const char* said = ::strerrordesc_np(error);
  for (const char* part : {message, ": ", said ? said : "unknown error", "\n"}) {
    ssize_t ignored = ::write(2, part, std::strlen(part));
    (void)ignored;
  }
  _exit(127);
}

// Descriptors the child gets beyond stdout, stderr and the channel: {the grader's copy, the child's
// number}. The grader's copies sit above every number the child expects, so no move overwrites another.
using FdMoves = std::vector<std::pair<int, int>>;

// In the child, after fork: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(const ProcessRequest& r, int out_w, int err_w, int chan_w, int info_w, const FdMoves& moves,
                             const SandboxLaunch* launch, char** argv, char** envp) {
  if (!launch) ::setpgid(0, 0);  // its own group, so a timeout kills everything it started
  ::dup2(out_w, 1);
  ::dup2(err_w, 2);
  int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) ::dup2(devnull, 0);
  if (chan_w >= 0 && r.channel_fd >= 0) {
    if (chan_w != r.channel_fd) {
      ::dup2(chan_w, r.channel_fd);
    } else {
      keep_open_across_exec(chan_w);
    }
  }
  for (const auto& [from, to] : moves) ::dup2(from, to);  // dup2 leaves the copy open across exec
  struct rlimit no_core = {0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (launch) {
    // A root grader's sandbox gets its binds mounted here, before this child becomes the sandbox user
    // (sandbox_binds.h); their descriptors are closed with the rest just below.
    if (launch->switch_user)
      if (const char* failed = mount_staged_binds(launch->staged)) fail_in_child(failed, errno);
    int keep[16] = {r.channel_fd, info_w};
    int kept = 2;
    for (const auto& move : moves)
      if (kept < 16) keep[kept++] = move.second;
    close_all_except(keep, kept);
    if (r.channel_fd >= 0) keep_open_across_exec(r.channel_fd);
    keep_open_across_exec(info_w);
    if (launch->switch_user &&
        (::setgroups(0, nullptr) != 0 || ::setresgid(launch->gid, launch->gid, launch->gid) != 0 ||
         ::setresuid(launch->uid, launch->uid, launch->uid) != 0))
      fail_in_child("cannot start the program: cannot switch to the sandbox user\n");
    ::execve(argv[0], argv, envp);
    fail_in_child("cannot start the program: cannot run bwrap", errno);
  }
  if (!r.working_dir.empty() && ::chdir(r.working_dir.c_str()) != 0) _exit(127);
  ::execve(argv[0], argv, envp);
  ::execvpe(argv[0], argv, envp);
  fail_in_child("cannot start the program\n");
}

}  // namespace

// What the supervisor of a sandbox reports: how bwrap ended, and what the sandbox's init and everything
// it waited for used.
struct SupervisorReport {
  int bwrap_status = -1;
  long max_rss_kib = 0;
  double cpu_seconds = 0;
};

namespace {

// A sandboxed run is watched by a supervisor: a forked copy of the grader, in the child's process group,
// that adopts orphans (PR_SET_CHILD_SUBREAPER). bwrap exits as soon as its init reports the program's
// status, leaving the init to end the sandbox; adopted, that init is reaped here, so when the supervisor
// exits the sandbox is gone, and its resource use (peak memory above all) is known. Only async-signal-safe
// calls: the grader may have threads.
// `keep` lists the descriptors it keeps for the child: those it moves, and the binds a root grader's
// sandbox mounts (made before the fork: nothing here allocates).
[[noreturn]] void supervise(const ProcessRequest& r, int out_w, int err_w, int chan_w, int info_w, int report_w,
                            const FdMoves& moves, std::vector<int>& keep, const SandboxLaunch* launch, char** argv,
                            char** envp) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  for (int fd : {out_w, err_w, chan_w, info_w, report_w}) keep.push_back(fd);  // reserved: no allocation
  close_all_except(keep.data(), static_cast<int>(keep.size()));
  const pid_t bwrap = ::fork();
  if (bwrap < 0) fail_in_child("cannot start the program: cannot fork\n");
  if (bwrap == 0) exec_child(r, out_w, err_w, chan_w, info_w, moves, launch, argv, envp);
  for (int fd : {out_w, err_w, chan_w, info_w})
    if (fd >= 0) ::close(fd);
  for (const auto& move : moves) ::close(move.first);
  if (launch)
    for (const StagedBind& b : launch->staged) ::close(b.fd);  // the child that becomes bwrap has its own copies
  SupervisorReport report;
  for (;;) {
    int status = 0;
    rusage usage{};
    const pid_t done = ::wait4(-1, &status, 0, &usage);
    if (done < 0 && errno == EINTR) continue;
    if (done < 0) break;  // no children left: the sandbox is gone
    if (done == bwrap) report.bwrap_status = status;
    if (usage.ru_maxrss > report.max_rss_kib) report.max_rss_kib = usage.ru_maxrss;
    report.cpu_seconds += usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                          (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  }
  ssize_t ignored = ::write(report_w, &report, sizeof report);
  (void)ignored;
  _exit(0);
}

std::vector<std::string> merged_environment(const ProcessRequest& r) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry = *e;
    std::string key = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [k, v] : r.env) replaced = replaced || k == key;
    if (!replaced) env.push_back(entry);
  }
  for (const auto& [k, v] : r.env) env.push_back(k + "=" + v);
  return env;
}

}  // namespace

// What the grader holds of a sandbox while it runs: bwrap's report of its init process (pid 1 inside).
// When that init ends, the kernel ends every process in the sandbox's pid namespace, daemons included, so
// killing and then awaiting it is how a run ends completely.
struct SandboxWatch {
  std::string info;  // bwrap's status documents (sandbox.h): the init first, the program's exit code last
  int init_pidfd = -1;

  // Opens a pidfd on the init, but only once sure it is that init: were its pid already reused, killing
  // by it would hit an unrelated process. The pid namespace bwrap names is the init's own.
  void note_init(const std::string& json) {
    const long pid = number_after(json, "\"child-pid\"");
    const long namespace_inode = number_after(json, "\"pid-namespace\"");
    if (pid <= 1 || namespace_inode <= 0 || init_pidfd >= 0) return;
    init_pidfd = static_cast<int>(::syscall(SYS_pidfd_open, static_cast<pid_t>(pid), 0));
    char link[64] = {0};
    const std::string path = "/proc/" + std::to_string(pid) + "/ns/pid";
    const ssize_t length = ::readlink(path.c_str(), link, sizeof link - 1);
    if (length <= 0 || std::string(link) != "pid:[" + std::to_string(namespace_inode) + "]") close_fd(init_pidfd);
  }
  static long number_after(const std::string& json, const std::string& key) {
    const std::size_t at = json.find(key);
    const std::size_t digits = at == std::string::npos ? at : json.find_first_of("0123456789", at + key.size());
    return digits == std::string::npos ? -1 : std::strtol(json.c_str() + digits, nullptr, 10);
  }
  void kill() const {
    if (init_pidfd >= 0) ::syscall(SYS_pidfd_send_signal, init_pidfd, SIGKILL, nullptr, 0);
  }
  // Waits (boundedly: a few seconds) for the sandbox's init, and so everything in it, to be gone.
  void await_end() {
    if (init_pidfd < 0) return;
    pollfd p = {init_pidfd, POLLIN, 0};
    if (::poll(&p, 1, 0) == 0) {
      kill();
      ::poll(&p, 1, 5000);
    }
    close_fd(init_pidfd);
  }
};

namespace {

// Sends the first words of a kept child's next turn on its control socket, with `fd` (when >= 0) attached
// as SCM_RIGHTS: a runner's next case comes with its arena. False when the child no longer listens.
bool send_opening(int control, const std::string& text, int fd) {
  if (control < 0 || text.empty()) return false;
  iovec data = {const_cast<char*>(text.data()), text.size()};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  DescriptorRoom room;
  if (fd >= 0) attach_descriptor(message, room, fd);
  ssize_t sent = -1;
  for (int tries = 0; tries < 20 && sent < 0; ++tries) {
    sent = ::sendmsg(control, &message, MSG_NOSIGNAL);
    if (sent < 0 && errno != EAGAIN && errno != EINTR) return false;
    if (sent < 0) {
      pollfd p = {control, POLLOUT, 0};
      ::poll(&p, 1, 50);
    }
  }
  if (sent < 0) return false;
  return write_all_nonblocking(control, text.substr(static_cast<std::size_t>(sent)));
}

double seconds_between(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

}  // namespace

// A started child and what the grader holds of it: the read ends of its streams, the write end of its
// control socket, its sandbox.
struct LiveChild {
  pid_t pid = -1;
  std::optional<SandboxLaunch> launch;
  std::optional<SandboxLimits> limits;  // sandboxed: what it runs under
  bool seccomp = false;                 // sandboxed under a seccomp program: SIGSYS is the filter's verdict
  std::string program;                  // as the request named it
  SandboxWatch sandbox;
  std::string report;                   // the supervisor's report, once it comes
  int fds[5] = {-1, -1, -1, -1, -1};    // stdout, stderr, channel, the sandbox's info, the supervisor's report
  int control = -1;
  int status = 0;
  rusage usage{};
  bool exited = false;
  bool finished = false;  // reaped, and its sandbox gone

  // Its process group, and the sandbox through its init. The init is known once bwrap's info is whole,
  // which for a child kept alive may not have been noticed yet.
  void kill_all() {
    if (sandbox.init_pidfd < 0 && !sandbox.info.empty()) sandbox.note_init(sandbox.info);
    ::kill(-pid, SIGKILL);
    sandbox.kill();
  }
};

void LiveChildEnd::operator()(LiveChild* c) const {
  if (!c->finished) {
    c->kill_all();
    for (int& fd : c->fds) close_fd(fd);
    close_fd(c->control);
    if (!c->exited) ::wait4(c->pid, &c->status, 0, &c->usage);
    ::kill(-c->pid, SIGKILL);
    forget_child_group(c->pid);
    c->sandbox.await_end();
  }
  delete c;
}

namespace {

// A memfd holding `program`, read from its start, close-on-exec; -1 when it cannot be made.
int program_file(const std::string& program) {
  const int fd = ::memfd_create("kit-seccomp", MFD_CLOEXEC);
  if (fd < 0) return -1;
  std::size_t done = 0;
  while (done < program.size()) {
    const ssize_t n = ::write(fd, program.data() + done, program.size() - done);
    if (n <= 0 && errno != EINTR) {
      ::close(fd);
      return -1;
    }
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  ::lseek(fd, 0, SEEK_SET);
  return fd;
}

// The lowest descriptor number from 10 up that the child gets nothing else at.
// Where the child's extra descriptors are copied in the grader first: above every number a child expects.
constexpr int kFirstFree = 64;

int free_child_number(const ProcessRequest& r) {
  for (int n = 10;; ++n) {
    bool taken = n == r.channel_fd || n == r.control_fd;
    for (const auto& pass : r.pass_fds) taken = taken || n == pass.second;
    if (!taken) return n;
  }
}

// The child's extra descriptors (the request's, the control socket's end, the seccomp program), copied
// above every number it expects (kFirstFree), close-on-exec here, into `moves`. False when one could not
// be copied (errno says why).
bool add_child_descriptors(const ProcessRequest& r, int control_read, FdMoves& moves, int& seccomp_fd) {
  for (const auto& [from, to] : r.pass_fds) moves.push_back({::fcntl(from, F_DUPFD_CLOEXEC, kFirstFree), to});
  if (r.control_fd >= 0) moves.push_back({::fcntl(control_read, F_DUPFD_CLOEXEC, kFirstFree), r.control_fd});
  if (r.sandbox && !r.sandbox->seccomp_program.empty()) {
    const int program = program_file(r.sandbox->seccomp_program);
    seccomp_fd = free_child_number(r);
    moves.push_back({program < 0 ? -1 : ::fcntl(program, F_DUPFD_CLOEXEC, kFirstFree), seccomp_fd});
    if (program >= 0) ::close(program);
  }
  for (const auto& move : moves)
    if (move.first < 0) return false;
  return true;
}

// The sandbox's launch of `r` into c.launch, with the write end of its report pipe (`info_write`) moved
// above the channel's number, so setting up the channel in the child cannot overwrite it. False with
// c.launch->error set when the sandbox cannot start.
bool prepare_sandbox(LiveChild& c, const ProcessRequest& r, int& info_write, int seccomp_fd) {
  const int moved = ::fcntl(info_write, F_DUPFD_CLOEXEC, kFirstFree);
  ::close(info_write);
  info_write = moved;
  c.limits = r.sandbox->limits;
  c.seccomp = seccomp_fd >= 0;
  c.launch = sandbox_launch(*r.sandbox, r.argv, r.env, r.working_dir, moved, seccomp_fd);
  if (c.launch->error.empty() && c.launch->switch_user)
    c.launch->error = open_staged_binds(c.launch->staged, c.launch->uid);
  if (c.launch->error.empty()) c.launch->error = hand_over_writable_binds(*r.sandbox, *c.launch);
  if (!c.launch->error.empty()) close_staged_binds(c.launch->staged);
  return c.launch->error.empty();
}

// Starts the child of `r`: empty, with result->start_error set, when it could not be.
KeptChild start_child(const ProcessRequest& r, ProcessResult* result) {
  if (r.argv.empty()) {
    result->start_error = "no program given";
    return nullptr;
  }
  int out_p[2], err_p[2], chan_p[2] = {-1, -1}, info_p[2] = {-1, -1}, report_p[2] = {-1, -1};
  int control_p[2] = {-1, -1};
  FdMoves moves;
  auto close_pipes = [&] {
    for (int* p : {out_p, err_p, chan_p, info_p, report_p, control_p})
      for (int k = 0; k < 2; ++k) close_fd(p[k]);
    for (auto& move : moves) close_fd(move.first);
  };
  // The control channel is a socket, not a pipe: a kept runner's next case comes with a descriptor.
  if (::pipe2(out_p, O_CLOEXEC) != 0 || ::pipe2(err_p, O_CLOEXEC) != 0 ||
      (r.channel_fd >= 0 && ::pipe2(chan_p, O_CLOEXEC) != 0) ||
      (r.control_fd >= 0 && ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control_p) != 0) ||
      (r.sandbox && (::pipe2(info_p, O_CLOEXEC) != 0 || ::pipe2(report_p, O_CLOEXEC) != 0))) {
    result->start_error = std::string("cannot create pipes: ") + std::strerror(errno);
    close_pipes();
    return nullptr;
  }
  int seccomp_fd = -1;  // where bwrap reads the seccomp program in the child
  if (!add_child_descriptors(r, control_p[0], moves, seccomp_fd)) {
    result->start_error = std::string("cannot pass a descriptor: ") + std::strerror(errno);
    close_pipes();
    return nullptr;
  }
  KeptChild c(new LiveChild);
  c->program = r.argv[0];
  std::vector<std::string> env_strings;
  if (r.sandbox) {
    if (!prepare_sandbox(*c, r, info_p[1], seccomp_fd)) {
      close_pipes();
      result->start_error = "cannot start the sandbox: " + c->launch->error;
      result->sandbox_failed = true;
      c->finished = true;
      return nullptr;
    }
  } else {
    env_strings = merged_environment(r);
  }
  const SandboxLaunch* launch = c->launch ? &*c->launch : nullptr;
  const std::vector<std::string>& args = launch ? launch->argv : r.argv;
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env_strings) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  // What the supervisor keeps open for the child, with room for its five pipes' ends.
  std::vector<int> supervisor_keep;
  supervisor_keep.reserve(moves.size() + (launch ? launch->staged.size() : 0) + 5);
  for (const auto& move : moves) supervisor_keep.push_back(move.first);
  if (launch)
    for (const StagedBind& b : launch->staged) supervisor_keep.push_back(b.fd);

  const pid_t pid = ::fork();
  if (pid != 0 && c->launch) close_staged_binds(c->launch->staged);  // the child's copies are all it needs
  if (pid < 0) {
    close_pipes();
    result->start_error = std::string("cannot fork: ") + std::strerror(errno);
    c->finished = true;
    return nullptr;
  }
  if (pid == 0) {
    // The grader's own handlers (child_cleanup.h) are not the child's: it ends as its signals say.
    for (int s : {SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
  }
  if (pid == 0 && launch)
    supervise(r, out_p[1], err_p[1], chan_p[1], info_p[1], report_p[1], moves, supervisor_keep, launch, argv.data(),
              envp.data());
  if (pid == 0) exec_child(r, out_p[1], err_p[1], chan_p[1], -1, moves, nullptr, argv.data(), envp.data());
  ::setpgid(pid, pid);
  note_child_group(pid);
  c->pid = pid;
  for (int* p : {out_p, err_p, chan_p, info_p, report_p}) close_fd(p[1]);
  close_fd(control_p[0]);
  for (auto& move : moves) close_fd(move.first);
  // A child that stops reading must not block the grader's replies; one that is gone must not kill it
  // (a write to a pipe nobody reads raises SIGPIPE, which would end the grader).
  if (control_p[1] >= 0) {
    ::fcntl(control_p[1], F_SETFL, O_NONBLOCK);
    ::signal(SIGPIPE, SIG_IGN);
  }
  c->control = control_p[1];
  const int fds[5] = {out_p[0], err_p[0], chan_p[0], info_p[0], report_p[0]};
  std::copy(fds, fds + 5, c->fds);
  return c;
}

// Reads what the child has already written to stdout and stderr, without waiting for more: the output a
// kept runner's case printed before its last record.
void drain_output(LiveChild& c, const ProcessRequest& r, ProcessResult& result) {
  char buffer[65536];
  for (int i = 0; i < 2; ++i) {
    std::string& sink = i == 0 ? result.out : result.err;
    for (int reads = 0; reads < 64 && c.fds[i] >= 0; ++reads) {
      pollfd p = {c.fds[i], POLLIN, 0};
      if (::poll(&p, 1, 0) <= 0 || !(p.revents & (POLLIN | POLLHUP | POLLERR))) break;
      const ssize_t got = ::read(c.fds[i], buffer, sizeof buffer);
      if (got <= 0) break;
      const std::size_t room = std::min<std::size_t>(got, r.max_output_bytes - std::min(r.max_output_bytes, sink.size()));
      sink.append(buffer, room);
      if (room < static_cast<std::size_t>(got)) result.output_truncated = true;
    }
  }
}

// Where a turn of the conversation stands: seconds since it began, since the last channel bytes or reply
// (-1: none yet), and whether the child was started for it.
struct Turn {
  double elapsed;
  double last_exchange;
  bool fresh;
};

// Ends the child that ran out of time, stalled, never answered a kept runner's first words, or garbled
// its framed channel, saying which in `result`.
void enforce_time_and_channel_limits(LiveChild& c, const ProcessRequest& r, ProcessResult& result, const Turn& turn,
                                     const RecordReader& frames) {
  if (turn.elapsed > r.timeout_s && !result.timed_out) {
    result.timed_out = true;
    c.kill_all();
  }
  if (r.stall_timeout_s > 0 && turn.last_exchange >= 0 && turn.elapsed - turn.last_exchange > r.stall_timeout_s &&
      !result.timed_out && !c.exited) {
    result.timed_out = result.stalled = true;
    c.kill_all();
  }
  if (!turn.fresh && r.first_reply_timeout_s > 0 && result.channel.empty() && turn.elapsed > r.first_reply_timeout_s &&
      !result.timed_out && !c.exited) {
    result.timed_out = result.stalled = true;
    c.kill_all();
  }
  if (r.framed_channel && !c.exited && !result.timed_out && !result.channel_flooded && !result.channel_garbled &&
      (frames.broken() ||
       (frames.inside_a_record(result.channel) && turn.elapsed - turn.last_exchange > kUnfinishedRecordSeconds))) {
    result.channel_garbled = true;
    result.limit_reached = frames.broken() ? "wrote on its result channel a record of no kind the runner writes"
                                           : "began a record on its result channel and never finished it";
    c.kill_all();
  }
}

// Converses with the child until it has ended (true) or the request's turn_over says this turn is done
// (false: the child lives on). The time limits count from now.
bool converse_until_done(LiveChild& c, const ProcessRequest& r, ProcessResult& result, bool fresh) {
  const auto start = std::chrono::steady_clock::now();
  std::string* sinks[5] = {&result.out, &result.err, &result.channel, &c.sandbox.info, &c.report};
  const std::size_t caps[5] = {r.max_output_bytes, r.max_output_bytes, r.max_channel_bytes, 4096,
                               sizeof(SupervisorReport)};
  char buffer[65536];
  // Seconds since the turn's start of the last channel bytes or reply; -1: none yet. A kept runner's
  // turn begins with the grader's words.
  double last_exchange = fresh ? -1 : 0;
  RecordReader frames;  // where the channel's records begin and end (kit/channel.h)
  for (;;) {
    const double elapsed = seconds_between(start, std::chrono::steady_clock::now());
    result.seconds = elapsed;
    enforce_time_and_channel_limits(c, r, result, Turn{elapsed, last_exchange, fresh}, frames);
    if (!c.exited && ::wait4(c.pid, &c.status, WNOHANG, &c.usage) == c.pid) c.exited = true;
    pollfd pfds[5];
    int n = 0, map[5];
    for (int i = 0; i < 5; ++i)
      if (c.fds[i] >= 0) {
        pfds[n] = {c.fds[i], POLLIN, 0};
        map[n++] = i;
      }
    if (n == 0) {
      if (c.exited) return true;
      ::usleep(2000);
      continue;
    }
    const int ready = ::poll(pfds, n, 50);
    if (ready < 0 && errno != EINTR) return true;
    for (int k = 0; k < n; ++k) {
      if (!(pfds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const int i = map[k];
      const ssize_t got = ::read(c.fds[i], buffer, sizeof buffer);
      if (got <= 0) {
        close_fd(c.fds[i]);
        if (i == 3) c.sandbox.note_init(c.sandbox.info);
        continue;
      }
      std::string& sink = *sinks[i];
      const std::size_t room = std::min<std::size_t>(got, caps[i] - std::min(caps[i], sink.size()));
      sink.append(buffer, room);
      if (room < static_cast<std::size_t>(got) && i < 2) result.output_truncated = true;
      if (room < static_cast<std::size_t>(got) && i == 2 && !result.channel_flooded) {
        result.channel_flooded = true;
        result.limit_reached = "flooded the result channel (more than " + byte_count_text(caps[i]) + ")";
        c.kill_all();
      }
      // bwrap's first status document, whole, names the sandbox's init: watched from then on.
      if (i == 3 && c.sandbox.init_pidfd < 0 && c.sandbox.info.find('}') != std::string::npos)
        c.sandbox.note_init(c.sandbox.info);
      if (i == 2 && room > 0 && r.framed_channel) frames.take(result.channel);
      if (i == 2 && room > 0 && r.converse && c.control >= 0 && !result.timed_out) {
        const std::string reply = r.converse(result.channel);
        if (!reply.empty() && !write_all_nonblocking(c.control, reply)) close_fd(c.control);
        if (r.turn_over && r.turn_over() && !c.exited && !result.timed_out && result.limit_reached.empty() &&
            (!r.framed_channel || !frames.inside_a_record(result.channel))) {
          drain_output(c, r, result);
          return false;
        }
      }
      // The grader's own time answering (writing a seed's inputs) is not the child's to be blamed for.
      if (i == 2 && room > 0) last_exchange = seconds_between(start, std::chrono::steady_clock::now());
    }
    // A child that exited but left a grandchild holding the pipes open: stop once the time is up.
    if (c.exited && result.timed_out) return true;
  }
}

// After the child has ended: reaps it and its sandbox, and reads how it ended into `result`.
void finish_child(LiveChild& c, ProcessResult& result) {
  for (int& fd : c.fds) close_fd(fd);
  close_fd(c.control);
  if (!c.exited) ::wait4(c.pid, &c.status, 0, &c.usage);
  c.exited = true;
  ::kill(-c.pid, SIGKILL);  // anything the child left behind in its group
  forget_child_group(c.pid);
  if (c.sandbox.init_pidfd < 0 && !c.sandbox.info.empty()) c.sandbox.note_init(c.sandbox.info);
  c.sandbox.await_end();
  c.finished = true;
  int status = c.status;
  result.cpu_seconds = c.usage.ru_utime.tv_sec + c.usage.ru_stime.tv_sec +
                       (c.usage.ru_utime.tv_usec + c.usage.ru_stime.tv_usec) / 1e6;
  result.peak_memory_bytes = static_cast<std::uint64_t>(c.usage.ru_maxrss) * 1024;
  if (c.launch && c.report.size() == sizeof(SupervisorReport)) {
    // The supervisor's own figures would count the grader's memory it was forked with: use its report.
    SupervisorReport supervised;
    std::memcpy(&supervised, c.report.data(), sizeof supervised);
    status = supervised.bwrap_status;
    result.cpu_seconds = supervised.cpu_seconds;
    result.peak_memory_bytes = static_cast<std::uint64_t>(supervised.max_rss_kib) * 1024;
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (c.launch && WIFEXITED(status)) {
    const SandboxEnding ending = read_sandbox_ending(result.exit_code, result.err, c.program, *c.launch);
    result.exit_code = ending.exit_code;
    result.signal = ending.signal;
    result.start_error = ending.start_error;
  }
  if ((result.timed_out || result.channel_flooded || result.channel_garbled) && result.signal == SIGKILL) result.signal = 0;
  const std::string cannot_start = "cannot start the program";
  if (result.exit_code == 127 && !c.launch && result.err.find(cannot_start) != std::string::npos)
    result.start_error = "cannot start " + c.program;
  if (result.exit_code == 127 && c.launch && result.err.rfind(cannot_start + ": ", 0) == 0)
    result.start_error = "cannot start the sandbox: " + first_line(result.err).substr(cannot_start.size() + 2);
  // bwrap reports the program's exit code only when the program ran (sandbox.h): a start error with no
  // such report was the making of the sandbox failing, which nothing run inside it can feign.
  result.sandbox_failed = c.launch && !result.start_error.empty() &&
                          c.sandbox.info.find("\"exit-code\"") == std::string::npos;
  if (c.seccomp && result.signal == SIGSYS && result.limit_reached.empty() && result.start_error.empty())
    result.limit_reached = forbidden_system_call_text();
  if (c.limits && result.limit_reached.empty() && result.start_error.empty())
    result.limit_reached = sandbox_limit_reached(*c.limits, result.exit_code, result.signal, result.cpu_seconds,
                                                 result.peak_memory_bytes);
}

}  // namespace

ProcessResult run_turn(const ProcessRequest& r, KeptChild* kept, const std::string& opening, int pass_fd) {
  ProcessResult result;
  const bool fresh = !*kept;
  if (fresh) {
    *kept = start_child(r, &result);
    if (!*kept) return result;
  } else if (!send_opening((*kept)->control, opening, pass_fd)) {
    // It stopped listening between turns: without a control socket it hears the end of its input.
    close_fd((*kept)->control);
  }
  if (!converse_until_done(**kept, r, result, fresh)) {
    result.kept = true;
    return result;
  }
  finish_child(**kept, result);
  kept->reset();
  return result;
}

ProcessResult run_process(const ProcessRequest& r) {
  ProcessRequest whole = r;
  whole.turn_over = nullptr;  // one turn, to the child's end
  KeptChild child;
  return run_turn(whole, &child);
}

std::string describe_ending(const ProcessResult& r, double timeout_s) {
  if (!r.start_error.empty()) return r.start_error;
  if (!r.limit_reached.empty()) return r.limit_reached;
  if (r.timed_out) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "timed out after %g s", timeout_s);
    return buf;
  }
  if (r.signal) return "crashed: killed by signal " + std::to_string(r.signal) + " (" + strsignal(r.signal) + ")";
  return "exit code " + std::to_string(r.exit_code);
}

}  // namespace kit
