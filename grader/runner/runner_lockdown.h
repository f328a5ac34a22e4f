// What the runner shuts before it serves: the ways into memory that page protections do not cover.
// On the CPU backend the arena and every cudaMalloc'ed buffer are host pages the runtime keeps PROT_NONE
// outside kernels and copies; /proc/self/mem reads and writes them anyway (the kernel's access for
// debuggers ignores page protections). The sandbox's seccomp filter (grader/src/os/runner_seccomp.h) already ends
// the runner on ptrace, process_vm_*, the pkey calls and a prctl that makes it dumpable again. One header,
// one file per backend, like timing_protocol.
#pragma once

namespace kit {

// Called first in main. Under the sandbox's filter only (a run without it is unsandboxed, or a GPU tool's
// child): makes the process non-dumpable, so that /proc/<pid>/mem of it opens for no one without
// CAP_SYS_PTRACE, and closes any /proc/.../mem a global constructor of the student's file opened before.
void lock_down_runner();

}  // namespace kit
