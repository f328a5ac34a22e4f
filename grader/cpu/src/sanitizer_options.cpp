// The sanitizers' defaults for runners, compiled into the program itself so that they hold however
// the grader starts it. Every file that includes kitcpu.h refers to kitcpu_runtime_anchor, which pulls
// this object out of the runtime library even into a program that never launches a kernel.
#include <kitcpu/run_protocol.h>

#include "sanitizer_support.h"

extern "C" {

extern const int kitcpu_runtime_anchor;
const int kitcpu_runtime_anchor = 0;

#if KITCPU_ASAN
// Why each option: kitcpu/run_protocol.h.
const char* __asan_default_options() { return kitcpu::kAsanDefaultOptions; }
const char* __ubsan_default_options() { return kitcpu::kUbsanDefaultOptions; }
#endif

#if KITCPU_TSAN
const char* __tsan_default_options() { return kitcpu::kTsanDefaultOptions; }
#endif

}  // extern "C"
