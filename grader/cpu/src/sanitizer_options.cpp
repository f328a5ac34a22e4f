// The sanitizers' defaults for runners, compiled into the program itself so that they hold however
// the grader starts it. Every file that includes kitcpu.h refers to kitcpu_runtime_anchor, which pulls
// this object out of the runtime library even into a program that never launches a kernel.
#include "sanitizer_support.h"

extern "C" {

extern const int kitcpu_runtime_anchor;
const int kitcpu_runtime_anchor = 0;

#if KITCPU_ASAN
// Leaks: a student's missing cudaFree is not what the kit grades. allocator_may_return_null: a huge
// cudaMalloc must fail with cudaErrorMemoryAllocation, as on a GPU, not abort the run. Fake stacks for
// use-after-return do not follow fiber switches.
const char* __asan_default_options() {
  return "detect_leaks=0:allocator_may_return_null=1:detect_stack_use_after_return=0";
}
// The checks whose failure would stop a GPU kernel stop the run (the build makes them non-recoverable);
// the others, an index past one row of a 2-D tile included, are reported with their stack and the run
// goes on, as it would on a GPU.
const char* __ubsan_default_options() { return "print_stacktrace=1"; }
#endif

#if KITCPU_TSAN
// The watchdog's and the fault handlers' signal handling is the runtime's business, not a finding.
// ThreadSanitizer sleeps a second before exit by default, to catch races at exit; a runner's threads
// are the runtime's workers, joined before it returns, and the second was most of a small run's time.
const char* __tsan_default_options() { return "report_signal_unsafe=0:atexit_sleep_ms=0"; }
#endif

}  // extern "C"
