// Where the runtime's diagnostics go: the text on stderr, for the student and for logs, and one JSON
// line appended to KITCPU_REPORT, for the grader.
#pragma once

#include <kitcpu/diagnostic.h>

namespace kitcpu::detail {

void report_diagnostic(const Diagnostic& diagnostic);

// Reports and ends the process with kFatalDiagnosticExitCode. When several threads fail at once, the
// first one's diagnostic is written and the others wait for the exit.
[[noreturn]] void report_fatal(const Diagnostic& diagnostic);

// Fills kernel, launch_site, block and thread from the CUDA thread running on this OS thread, if any;
// returns whether there was one.
bool describe_current_cuda_thread(Diagnostic& diagnostic);

}  // namespace kitcpu::detail
