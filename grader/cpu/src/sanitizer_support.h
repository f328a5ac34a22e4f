// Which checking build this translation unit belongs to, and the sanitizer interfaces it may call.
// The same sources build the four runtime flavours: fast (none), asan (AddressSanitizer and
// UndefinedBehaviorSanitizer), tsan (ThreadSanitizer) and access (memory-access statistics).
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define KITCPU_ASAN 1
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#else
#define KITCPU_ASAN 0
#endif

#if defined(__SANITIZE_THREAD__)
#define KITCPU_TSAN 1
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/tsan_interface.h>
// Exported by libtsan but not declared in GCC 12's header: accesses between the two calls are not
// recorded, which the runtime uses for its own bookkeeping inside fibers.
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
#else
#define KITCPU_TSAN 0
#endif

#define KITCPU_SANITIZED (KITCPU_ASAN || KITCPU_TSAN)

// The access flavour's runtime is built without sanitizers, like the fast one, and with this macro
// from CMake; the student's file it serves carries ThreadSanitizer's instrumentation (access_recorder.h).
#if defined(KITCPU_ACCESS_FLAVOUR)
#define KITCPU_ACCESS 1
#else
#define KITCPU_ACCESS 0
#endif
