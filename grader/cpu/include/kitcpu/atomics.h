// CUDA's atomic functions, atomic across blocks that run on different worker threads. Like CUDA's they
// are relaxed: they order nothing but themselves, so a kernel that needs more must use a barrier or a
// fence, on the CPU as on the GPU. The overload set is CUDA's, so the same calls resolve the same way.
#pragma once

namespace kitcpu::detail {

template <class T>
T atomic_fetch_add(T* address, T value) {
  return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}

// Floating-point read-modify-write without hardware support: retry a compare-and-swap on the value.
template <class T, class Op>
T atomic_update(T* address, Op op) {
  T expected;
  __atomic_load(address, &expected, __ATOMIC_RELAXED);
  T desired = op(expected);
  while (!__atomic_compare_exchange(address, &expected, &desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    desired = op(expected);
  }
  return expected;
}

template <class T>
T atomic_exchange(T* address, T value) {
  T previous;
  __atomic_exchange(address, &value, &previous, __ATOMIC_RELAXED);
  return previous;
}

template <class T>
T atomic_compare_and_swap(T* address, T compare, T value) {
  __atomic_compare_exchange_n(address, &compare, value, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return compare;  // holds the old value whether or not the swap happened
}

template <class T>
T atomic_min(T* address, T value) {
  return atomic_update(address, [value](T old) { return value < old ? value : old; });
}

template <class T>
T atomic_max(T* address, T value) {
  return atomic_update(address, [value](T old) { return value > old ? value : old; });
}

}  // namespace kitcpu::detail

#define KITCPU_ATOMIC_INTEGER(T)                                                                              \
  inline T atomicAdd(T* address, T value) { return kitcpu::detail::atomic_fetch_add(address, value); }        \
  inline T atomicExch(T* address, T value) { return kitcpu::detail::atomic_exchange(address, value); }        \
  inline T atomicMin(T* address, T value) { return kitcpu::detail::atomic_min(address, value); }              \
  inline T atomicMax(T* address, T value) { return kitcpu::detail::atomic_max(address, value); }              \
  inline T atomicCAS(T* address, T compare, T value) {                                                        \
    return kitcpu::detail::atomic_compare_and_swap(address, compare, value);                                  \
  }                                                                                                           \
  inline T atomicAnd(T* address, T value) { return __atomic_fetch_and(address, value, __ATOMIC_RELAXED); }     \
  inline T atomicOr(T* address, T value) { return __atomic_fetch_or(address, value, __ATOMIC_RELAXED); }       \
  inline T atomicXor(T* address, T value) { return __atomic_fetch_xor(address, value, __ATOMIC_RELAXED); }

KITCPU_ATOMIC_INTEGER(int)
KITCPU_ATOMIC_INTEGER(unsigned int)
KITCPU_ATOMIC_INTEGER(unsigned long long int)
#undef KITCPU_ATOMIC_INTEGER

inline long long int atomicMin(long long int* address, long long int value) {
  return kitcpu::detail::atomic_min(address, value);
}
inline long long int atomicMax(long long int* address, long long int value) {
  return kitcpu::detail::atomic_max(address, value);
}

inline int atomicSub(int* address, int value) { return __atomic_fetch_sub(address, value, __ATOMIC_RELAXED); }
inline unsigned int atomicSub(unsigned int* address, unsigned int value) {
  return __atomic_fetch_sub(address, value, __ATOMIC_RELAXED);
}

// Wrapping increment and decrement, with CUDA's definitions: inc yields 0 once old >= value, dec
// yields value once old is 0 or above value.
inline unsigned int atomicInc(unsigned int* address, unsigned int value) {
  return kitcpu::detail::atomic_update(address, [value](unsigned int old) { return old >= value ? 0u : old + 1; });
}
inline unsigned int atomicDec(unsigned int* address, unsigned int value) {
  return kitcpu::detail::atomic_update(
      address, [value](unsigned int old) { return (old == 0 || old > value) ? value : old - 1; });
}

inline float atomicAdd(float* address, float value) {
  return kitcpu::detail::atomic_update(address, [value](float old) { return old + value; });
}
inline double atomicAdd(double* address, double value) {
  return kitcpu::detail::atomic_update(address, [value](double old) { return old + value; });
}
inline float atomicExch(float* address, float value) { return kitcpu::detail::atomic_exchange(address, value); }
inline unsigned short int atomicCAS(unsigned short int* address, unsigned short int compare,
                                    unsigned short int value) {
  return kitcpu::detail::atomic_compare_and_swap(address, compare, value);
}

// Fences: a kernel that publishes data to other blocks through a flag needs them on the CPU too.
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
