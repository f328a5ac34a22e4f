// The functions GCC's ThreadSanitizer instrumentation (-fsanitize=thread, GCC 12) calls, defined by the
// access flavour in place of the sanitizer's runtime, which is not linked: every plain load and store of
// the student's file reaches the recorder (access_recorder.h) and the checks (access_checks.h) with
// its address and the call's return address (the access site); atomics do what they must, are not
// recorded, and count as stores for the checks; everything else does nothing.
//
// The list is GCC's (gcc/sanitizer.def): __tsan_init, __tsan_func_entry/exit, __tsan_vptr_update,
// __tsan_{read,write}{1,2,4,8,16}, __tsan_{read,write}_range, __tsan_volatile_{read,write}{1,...,16}
// (with --param=tsan-distinguish-volatile=1), __tsan_atomic{8,16,32,64,128}_{load,store,exchange,
// fetch_add,fetch_sub,fetch_and,fetch_or,fetch_xor,fetch_nand,compare_exchange_strong,
// compare_exchange_weak}, __tsan_atomic_thread_fence and __tsan_atomic_signal_fence. Clang's unaligned
// variants are defined too, as plain accesses. This file must itself be compiled without the
// instrumentation (the runtime library is).
#include <cstdint>
#include <mutex>

#include "access_checks.h"
#include "access_recorder.h"

using kitcpu::detail::check_access;
using kitcpu::detail::record_access;

using kitcpu_u128 = unsigned __int128;

namespace {

// Every plain access goes to the recorder and to the checks.
inline void access(const void* site, const volatile void* address, unsigned size, bool store) {
  record_access(site, address, size, store);
  check_access(site, address, size, store);
}

// An atomic that writes initialises shared memory for the checks; atomics are not recorded.
inline void note_atomic(const volatile void* address, unsigned size) { kitcpu::detail::check_atomic(address, size); }

// A struct copy the compiler instruments as one range: the GPU moves it with several loads or stores
// of the widest naturally aligned size (up to 16 bytes), and so do we.
void access_range(const void* site, const void* address, unsigned long size, bool store) {
  auto a = reinterpret_cast<std::uintptr_t>(address);
  const std::uintptr_t end = a + size;
  while (a < end) {
    unsigned chunk = 16;
    while (chunk > 1 && (a % chunk != 0 || end - a < chunk)) chunk /= 2;
    access(site, reinterpret_cast<const void*>(a), chunk, store);
    a += chunk;
  }
}

// 128-bit atomics need libatomic or cmpxchg16b, neither of which a runner is built with: one lock
// serialises them. Only code that uses them through these functions is serialised with itself, which
// is all the student's file can do.
std::mutex& wide_atomics() {
  static auto* m = new std::mutex();
  return *m;
}

}  // namespace

#define KITCPU_SITE __builtin_return_address(0)

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

void __tsan_read_range(void* address, unsigned long size) { access_range(KITCPU_SITE, address, size, false); }
void __tsan_write_range(void* address, unsigned long size) { access_range(KITCPU_SITE, address, size, true); }

#define KITCPU_PLAIN_ACCESS(size)                                                                          \
  void __tsan_read##size(void* address) { access(KITCPU_SITE, address, size, false); }              \
  void __tsan_write##size(void* address) { access(KITCPU_SITE, address, size, true); }              \
  void __tsan_volatile_read##size(void* address) { access(KITCPU_SITE, address, size, false); }     \
  void __tsan_volatile_write##size(void* address) { access(KITCPU_SITE, address, size, true); }     \
  void __tsan_unaligned_read##size(void* address) { access(KITCPU_SITE, address, size, false); }    \
  void __tsan_unaligned_write##size(void* address) { access(KITCPU_SITE, address, size, true); }

KITCPU_PLAIN_ACCESS(1)
KITCPU_PLAIN_ACCESS(2)
KITCPU_PLAIN_ACCESS(4)
KITCPU_PLAIN_ACCESS(8)
KITCPU_PLAIN_ACCESS(16)

// Atomics: the memory order argument is ThreadSanitizer's, which numbers orders as GCC does; every
// operation is done sequentially consistent, which is never weaker than asked.
#define KITCPU_ATOMICS(bits, T)                                                                           \
  T __tsan_atomic##bits##_load(const volatile T* a, int) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); } \
  void __tsan_atomic##bits##_store(volatile T* a, T v, int) {                                             \
    note_atomic(a, bits / 8);                                                                             \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                             \
  }                                                                                                       \
  T __tsan_atomic##bits##_exchange(volatile T* a, T v, int) {                                             \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                                   \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_add(volatile T* a, T v, int) {                                            \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                                    \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_sub(volatile T* a, T v, int) {                                            \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                                    \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_and(volatile T* a, T v, int) {                                            \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                                    \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_or(volatile T* a, T v, int) {                                             \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                                     \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_xor(volatile T* a, T v, int) {                                            \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                                    \
  }                                                                                                       \
  T __tsan_atomic##bits##_fetch_nand(volatile T* a, T v, int) {                                           \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                                   \
  }                                                                                                       \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* expected, T v, int, int) {          \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_compare_exchange_n(a, expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);        \
  }                                                                                                       \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* expected, T v, int, int) {            \
    note_atomic(a, bits / 8);                                                                             \
    return __atomic_compare_exchange_n(a, expected, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);         \
  }                                                                                                       \
  T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T expected, T v, int, int) {                \
    note_atomic(a, bits / 8);                                                                             \
    __atomic_compare_exchange_n(a, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);              \
    return expected;                                                                                      \
  }

KITCPU_ATOMICS(8, std::uint8_t)
KITCPU_ATOMICS(16, std::uint16_t)
KITCPU_ATOMICS(32, std::uint32_t)
KITCPU_ATOMICS(64, std::uint64_t)

kitcpu_u128 __tsan_atomic128_load(const volatile kitcpu_u128* a, int) {
  const std::lock_guard<std::mutex> lock(wide_atomics());
  return *a;
}

void __tsan_atomic128_store(volatile kitcpu_u128* a, kitcpu_u128 v, int) {
  const std::lock_guard<std::mutex> lock(wide_atomics());
  *a = v;
}

#define KITCPU_WIDE_FETCH(name, expression)                                          \
  kitcpu_u128 __tsan_atomic128_##name(volatile kitcpu_u128* a, kitcpu_u128 v, int) { \
    const std::lock_guard<std::mutex> lock(wide_atomics());                          \
    const kitcpu_u128 old = *a;                                                      \
    *a = (expression);                                                               \
    return old;                                                                      \
  }

KITCPU_WIDE_FETCH(exchange, v)
KITCPU_WIDE_FETCH(fetch_add, old + v)
KITCPU_WIDE_FETCH(fetch_sub, old - v)
KITCPU_WIDE_FETCH(fetch_and, old & v)
KITCPU_WIDE_FETCH(fetch_or, old | v)
KITCPU_WIDE_FETCH(fetch_xor, old ^ v)
KITCPU_WIDE_FETCH(fetch_nand, ~(old & v))

int __tsan_atomic128_compare_exchange_strong(volatile kitcpu_u128* a, kitcpu_u128* expected, kitcpu_u128 v, int,
                                             int) {
  const std::lock_guard<std::mutex> lock(wide_atomics());
  if (*a == *expected) {
    *a = v;
    return 1;
  }
  *expected = *a;
  return 0;
}

int __tsan_atomic128_compare_exchange_weak(volatile kitcpu_u128* a, kitcpu_u128* expected, kitcpu_u128 v, int m,
                                           int f) {
  return __tsan_atomic128_compare_exchange_strong(a, expected, v, m, f);
}

}  // extern "C"
