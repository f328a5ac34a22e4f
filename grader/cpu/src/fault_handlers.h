// Turning a crash inside a kernel into a diagnostic that names the CUDA thread, the block and the line.
//
// fast flavour: handlers for SIGSEGV, SIGBUS, SIGFPE and SIGILL, on an alternate signal stack so that
//               a CUDA thread that overflowed its own stack can still be reported.
// asan / tsan:  the sanitizer handles the fault and prints its report; a death callback then adds the
//               CUDA thread's diagnostic and ends the process with kFatalDiagnosticExitCode.
// In every flavour a fault of host code on device memory (device_memory.h: closed outside kernels and
// the runtime's copies) is reported as host-access-to-device-memory; any other crash outside a kernel
// is left to what handled it before (the default behaviour, a harness's handler, the sanitizer).
#pragma once

namespace kitcpu::detail {

// Before the first block runs and before host code can touch device memory; later calls do nothing.
void install_fault_handlers();

// On every thread that runs blocks, before it runs one.
void prepare_thread_for_faults();

}  // namespace kitcpu::detail
