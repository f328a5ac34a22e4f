#include "os/runner_seccomp.h"

#include <gtest/gtest.h>

#include <csignal>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kit {
namespace {

// Runs `call` in a child under the runner's filter and returns how the child ended: its exit code, or
// 128 + the signal that ended it. The call's own result is the exit code (0 when it returned >= 0).
template <typename Call>
int under_filter(Call call) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string program = runner_seccomp_program();
    sock_fprog prog{static_cast<unsigned short>(program.size() / sizeof(sock_filter)),
                    reinterpret_cast<sock_filter*>(const_cast<char*>(program.data()))};
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
      _exit(99);
    _exit(call() >= 0 ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

constexpr int kKilled = 128 + SIGSYS;

TEST(RunnerSeccompTest, ProgramIsWholeInstructions) {
  const std::string program = runner_seccomp_program();
  EXPECT_EQ(program.size() % sizeof(sock_filter), 0u);
  EXPECT_GT(program.size() / sizeof(sock_filter), 10u);
  EXPECT_LT(program.size() / sizeof(sock_filter), 100u);  // a few dozen: every call pays for it
}

TEST(RunnerSeccompTest, OrdinaryCallsPass) {
  EXPECT_EQ(under_filter([] { return static_cast<int>(::getpid()); }), 0);
  EXPECT_EQ(under_filter([] {
              void* p = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
              return p == MAP_FAILED ? -1 : ::mprotect(p, 4096, PROT_READ | PROT_WRITE);  // the runtime's own
            }),
            0);
  EXPECT_EQ(under_filter([] { return ::prctl(PR_SET_NAME, "worker", 0, 0, 0); }), 0);
  EXPECT_EQ(under_filter([] { return ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }), 0);  // closing, as the runner does
}

TEST(RunnerSeccompTest, CallsThatReachProtectedMemoryEndTheProcess) {
  EXPECT_EQ(under_filter([] { return static_cast<int>(::syscall(SYS_pkey_alloc, 0, 0)); }), kKilled);
  EXPECT_EQ(under_filter([] {
              void* p = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
              return static_cast<int>(::syscall(SYS_pkey_mprotect, p, 4096, PROT_READ, -1));
            }),
            kKilled);
  EXPECT_EQ(under_filter([] { return static_cast<int>(::syscall(SYS_ptrace, 0 /* PTRACE_TRACEME */, 0, 0, 0)); }),
            kKilled);
  EXPECT_EQ(under_filter([] {
              char byte = 0, copy = 0;
              iovec local{&copy, 1}, remote{&byte, 1};
              return static_cast<int>(::syscall(SYS_process_vm_readv, ::getppid(), &local, 1, &remote, 1, 0));
            }),
            kKilled);
  EXPECT_EQ(under_filter([] { return ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0); }), kKilled);
}

TEST(RunnerSeccompTest, SaysWhatEndedTheProgram) {
  const std::string text = forbidden_system_call_text();
  EXPECT_NE(text.find("pkey_mprotect"), std::string::npos);
  EXPECT_NE(text.find("SIGSYS"), std::string::npos);
}

}  // namespace
}  // namespace kit
