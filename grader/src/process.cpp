#include "kit/process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace kit {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// In the child, after fork: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(const ProcessRequest& r, int out_w, int err_w, int chan_w, char** argv, char** envp) {
  ::setpgid(0, 0);  // its own group, so a timeout kills everything it started
  ::dup2(out_w, 1);
  ::dup2(err_w, 2);
  int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) ::dup2(devnull, 0);
  if (chan_w >= 0 && r.channel_fd >= 0) {
    if (chan_w != r.channel_fd) {
      ::dup2(chan_w, r.channel_fd);
    } else {
      int flags = ::fcntl(chan_w, F_GETFD);
      ::fcntl(chan_w, F_SETFD, flags & ~FD_CLOEXEC);
    }
  }
  struct rlimit no_core = {0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (!r.working_dir.empty() && ::chdir(r.working_dir.c_str()) != 0) _exit(127);
  ::execve(argv[0], argv, envp);
  ::execvpe(argv[0], argv, envp);
  const char msg[] = "cannot start the program\n";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(127);
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

ProcessResult run_process(const ProcessRequest& r) {
  ProcessResult result;
  if (r.argv.empty()) {
    result.start_error = "no program given";
    return result;
  }
  int out_p[2], err_p[2], chan_p[2] = {-1, -1};
  if (::pipe2(out_p, O_CLOEXEC) != 0 || ::pipe2(err_p, O_CLOEXEC) != 0 ||
      (r.channel_fd >= 0 && ::pipe2(chan_p, O_CLOEXEC) != 0)) {
    result.start_error = std::string("cannot create pipes: ") + std::strerror(errno);
    return result;
  }
  std::vector<std::string> env_strings = merged_environment(r);
  std::vector<char*> argv, envp;
  for (const auto& a : r.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env_strings) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid < 0) {
    result.start_error = std::string("cannot fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) exec_child(r, out_p[1], err_p[1], chan_p[1], argv.data(), envp.data());
  ::setpgid(pid, pid);
  ::close(out_p[1]);
  ::close(err_p[1]);
  if (chan_p[1] >= 0) ::close(chan_p[1]);

  int fds[3] = {out_p[0], err_p[0], chan_p[0]};
  std::string* sinks[3] = {&result.out, &result.err, &result.channel};
  char buffer[65536];
  int status = 0;
  bool exited = false;
  for (;;) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (elapsed > r.timeout_s && !result.timed_out) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
    }
    if (!exited && ::waitpid(pid, &status, WNOHANG) == pid) exited = true;
    pollfd pfds[3];
    int n = 0, map[3];
    for (int i = 0; i < 3; ++i)
      if (fds[i] >= 0) {
        pfds[n] = {fds[i], POLLIN, 0};
        map[n++] = i;
      }
    if (n == 0) {
      if (exited) break;
      ::usleep(2000);
      continue;
    }
    int ready = ::poll(pfds, n, 50);
    if (ready < 0 && errno != EINTR) break;
    for (int k = 0; k < n; ++k) {
      if (!(pfds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const int i = map[k];
      ssize_t got = ::read(fds[i], buffer, sizeof buffer);
      if (got <= 0) {
        close_fd(fds[i]);
        continue;
      }
      std::string& sink = *sinks[i];
      if (i == 2 || sink.size() < r.max_output_bytes) {
        const std::size_t room = i == 2 ? got : std::min<std::size_t>(got, r.max_output_bytes - sink.size());
        sink.append(buffer, room);
        if (room < static_cast<std::size_t>(got)) result.output_truncated = true;
      } else {
        result.output_truncated = true;
      }
    }
    // A child that exited but left a grandchild holding the pipes open: stop once the time is up.
    if (exited && result.timed_out) break;
  }
  for (int& fd : fds) close_fd(fd);
  if (!exited) ::waitpid(pid, &status, 0);
  ::kill(-pid, SIGKILL);  // anything the child left behind in its group
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (result.timed_out && result.signal == SIGKILL) result.signal = 0;
  if (result.exit_code == 127 && result.err.find("cannot start the program") != std::string::npos)
    result.start_error = "cannot start " + r.argv[0];
  return result;
}

std::string describe_ending(const ProcessResult& r, double timeout_s) {
  if (!r.start_error.empty()) return r.start_error;
  if (r.timed_out) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "timed out after %g s", timeout_s);
    return buf;
  }
  if (r.signal) return "crashed: killed by signal " + std::to_string(r.signal) + " (" + strsignal(r.signal) + ")";
  return "exit code " + std::to_string(r.exit_code);
}

}  // namespace kit
