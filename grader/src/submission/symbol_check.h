// What a student's compiled file calls from outside itself, and what it defines, judged against what a
// submission may not use or replace. Checked on the object code, not the source text: a name built from character literals and
// looked up at run time, or hidden in a header, is still a call the object must make through dlsym or
// a library, and those calls are visible here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "os/sandbox.h"

namespace kit {

struct ForbiddenUse {
  std::string symbol;  // as the object names it, demangled
  std::string reason;  // "loads code the grader never sees", "the assignment forbids it"
};

// The undefined symbols of `object` (nm -u, demangled). `error` is set when nm fails.
std::vector<std::string> undefined_symbols(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                           std::string* error);

// The uses of what every submission may not call (loading code, the driver API, starting processes or
// threads, raw system calls and file descriptors, the CUDA math libraries, the linker's wrapped
// originals, the kit's own runner and runtime), and of the rubric's own forbidden names (a prefix match: cublasSgemm covers cublasSgemm_v2).
std::vector<ForbiddenUse> forbidden_uses(const std::vector<std::string>& symbols,
                                         const std::vector<std::string>& rubric_forbidden);

// The external symbols `object` defines, as the linker sees them (nm --defined-only, not demangled).
std::vector<std::string> defined_symbols(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                         std::string* error);

// The functions of `object` whose machine code enters the kernel itself (syscall, sysenter, int 0x80,
// svc), as inline assembly does: a system call no symbol names (objdump). `error` is set when objdump fails.
std::vector<ForbiddenUse> system_call_instructions(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                                   std::string* error);

// The definitions that would take the place of the runner's own code. A static library's member is
// linked only for a symbol still undefined, so a file that defines every function of one (the timer,
// the channel, main) replaces it without a link error; one that defines a CUDA runtime function or a
// linker wrapper replaces what the grader watches. Reported demangled, with the reason.
std::vector<ForbiddenUse> replaced_definitions(const std::vector<std::string>& defined);

}  // namespace kit
