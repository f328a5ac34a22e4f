// Turning a crash inside a kernel into a diagnostic that names the CUDA thread, the block and the line.
//
// fast flavour: handlers for SIGSEGV, SIGBUS, SIGFPE and SIGILL, on an alternate signal stack so that
//               a CUDA thread that overflowed its own stack can still be reported.
// asan / tsan:  the sanitizer handles the fault and prints its report; a death callback then adds the
//               CUDA thread's diagnostic and ends the process with kFatalDiagnosticExitCode.
// A crash outside any kernel (in host code) is left to the default behaviour.
#pragma once

namespace kitcpu::detail {

// Once per process, before the first block runs.
void install_fault_handlers();

// On every thread that runs blocks, before it runs one.
void prepare_thread_for_faults();

}  // namespace kitcpu::detail
