// What a student's compiled file calls from outside itself, judged against what a submission may not
// use. Checked on the object code, not the source text: a name built from character literals and
// looked up at run time, or hidden in a header, is still a call the object must make through dlsym or
// a library, and those calls are visible here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kit/sandbox.h"

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
// originals), and of the rubric's own forbidden names (a prefix match: cublasSgemm covers cublasSgemm_v2).
std::vector<ForbiddenUse> forbidden_uses(const std::vector<std::string>& symbols,
                                         const std::vector<std::string>& rubric_forbidden);

}  // namespace kit
