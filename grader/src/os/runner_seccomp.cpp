#include "os/runner_seccomp.h"

#include <cstddef>
#include <cstdint>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <vector>

namespace kit {
namespace {

#if defined(__x86_64__)
constexpr unsigned kNativeArch = AUDIT_ARCH_X86_64;
constexpr unsigned kX32Bit = 0x40000000;  // __X32_SYSCALL_BIT: the same calls, numbered above it
#elif defined(__aarch64__)
constexpr unsigned kNativeArch = AUDIT_ARCH_AARCH64;
constexpr unsigned kX32Bit = 0;
#else
#error "the runner's seccomp filter knows x86-64 and aarch64 only"
#endif

// Each reaches memory the runtime protects, or another process's, around the page protections:
// ptrace and process_vm_* read and write any process of the same user (a forked child reading its parent's
// arena); the pkey calls reopen PROT_NONE pages as mprotect does, under another name.
constexpr long kForbidden[] = {SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_pkey_mprotect,
                               SYS_pkey_alloc};

constexpr std::size_t kArchField = offsetof(seccomp_data, arch);
constexpr std::size_t kNumberField = offsetof(seccomp_data, nr);
// Low 32 bits of an argument (little-endian): prctl's option and value are ints.
constexpr std::size_t kOptionField = offsetof(seccomp_data, args);
constexpr std::size_t kValueField = offsetof(seccomp_data, args) + sizeof(std::uint64_t);

sock_filter load_field(std::size_t offset) { return BPF_STMT(BPF_LD | BPF_W | BPF_ABS, static_cast<unsigned>(offset)); }
sock_filter verdict(unsigned action) { return BPF_STMT(BPF_RET | BPF_K, action); }
// Skips `skip` instructions when the loaded word equals `value`, none otherwise.
sock_filter skip_when_equal(unsigned value, unsigned char skip) { return BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, skip, 0); }
sock_filter skip_unless_equal_to(unsigned value, unsigned char skip) { return BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, 0, skip); }

}  // namespace

std::string runner_seccomp_program() {
  std::vector<sock_filter> p;
  const sock_filter kill = verdict(SECCOMP_RET_KILL_PROCESS), allow = verdict(SECCOMP_RET_ALLOW);
  // Another architecture's numbers (int 0x80 on x86-64 enters with i386's) would mean other calls.
  p.push_back(load_field(kArchField));
  p.push_back(skip_when_equal(kNativeArch, 1));
  p.push_back(kill);
  p.push_back(load_field(kNumberField));
  if (kX32Bit != 0) {
    p.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, kX32Bit, 0, 1));
    p.push_back(kill);
  }
  for (long number : kForbidden) {
    p.push_back(skip_unless_equal_to(static_cast<unsigned>(number), 1));
    p.push_back(kill);
  }
  // prctl(PR_SET_DUMPABLE, 0) is how the runner closes /proc/self/mem; setting it back would reopen it.
  p.push_back(skip_when_equal(SYS_prctl, 1));
  p.push_back(allow);
  p.push_back(load_field(kOptionField));
  p.push_back(skip_when_equal(PR_SET_DUMPABLE, 1));
  p.push_back(allow);
  p.push_back(load_field(kValueField));
  p.push_back(skip_unless_equal_to(0, 1));
  p.push_back(allow);
  p.push_back(kill);
  return std::string(reinterpret_cast<const char*>(p.data()), p.size() * sizeof(sock_filter));
}

std::string forbidden_system_call_text() {
  return "made a system call the sandbox forbids (ptrace, process_vm_readv or process_vm_writev, pkey_mprotect, "
         "pkey_alloc, or prctl making itself dumpable again): these reach the grader's memory around its "
         "protections, and the kernel ended the program (SIGSYS)";
}

}  // namespace kit
