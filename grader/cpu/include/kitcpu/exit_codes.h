// The exit codes a runner built on the CPU backend ends with when the backend, not the program, decides.
#pragma once

namespace kitcpu {

// A fatal diagnostic (divergent barrier, hang, out-of-bounds access, failed device assert...) was
// written to stderr and to KITCPU_REPORT, and the process ended. Chosen far from the codes a C++
// program or a sanitizer uses on its own (1, 2, 66, 134, 139...), so a grader can tell them apart.
inline constexpr int kFatalDiagnosticExitCode = 86;

// A KITCPU_* environment variable had a value the backend does not understand. This is a mistake of
// whoever ran the program (the grader), never of the student, hence a code of its own.
inline constexpr int kBadEnvironmentExitCode = 87;

}  // namespace kitcpu
