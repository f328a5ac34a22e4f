// The system calls a runner may not make, whatever reaches them (docs/sandbox.md, "What a runner may not
// call"). The object check refuses these names in the student's file; this filter refuses the calls
// themselves, so machine code written at run time, or a function pointer found at run time, gets no
// further. bwrap loads it (`--seccomp FD`) before the runner starts, so it holds from the first
// instruction of the student's code, global constructors included, and in every process it starts.
#pragma once

#include <string>

namespace kit {

// A classic BPF program (struct sock_filter[], as bytes) for seccomp: it ends the whole process with
// SIGSYS on ptrace, process_vm_readv, process_vm_writev, pkey_mprotect, pkey_alloc, prctl(PR_SET_DUMPABLE)
// with anything but 0, and any call of another architecture's numbering (i386, x32) that would dodge the
// numbers above. Everything else is allowed: the namespaces and limits of the sandbox still hold.
std::string runner_seccomp_program();

// What the grader says of a sandboxed program the filter ended (it died of SIGSYS).
std::string forbidden_system_call_text();

}  // namespace kit
