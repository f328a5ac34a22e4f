// The student's commands (`check`, `run`, `access`) run the student's own code, usually on the student's
// own machine, where a sandbox protects nobody from nobody. Where none can be made (inside most
// containers, on macOS through a Linux VM without user namespaces, on a CI runner whose AppArmor forbids
// them) they run unsandboxed and say so, instead of refusing. `grade`, `batch` and the Gradescope bundle
// run other people's code and keep refusing (docs/sandbox.md). KIT_REQUIRE_SANDBOX=1 makes the student's
// commands refuse too, for a course machine that runs them for students.
#pragma once

#include <string>

namespace kit {

// When `unsandboxed` is false and no sandbox can be made here (and KIT_REQUIRE_SANDBOX is not set), sets
// it and returns why, in words for the student; otherwise returns "" and leaves it as it is.
std::string unsandboxed_on_own_machine(bool& unsandboxed);

}  // namespace kit
