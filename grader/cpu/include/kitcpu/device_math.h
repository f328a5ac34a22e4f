// The math a kernel calls. The C functions (sqrtf, expf, fminf, fmaxf, fabsf, ceilf, floorf, powf...)
// come from <math.h>; this header adds CUDA's own: the min/max overloads, the fast intrinsics (computed
// exactly here: a result may differ from the GPU's in the last bits, which graders absorb in their
// tolerances) and the bit-manipulation and reinterpretation intrinsics.
#pragma once

#include <math.h>

#include <chrono>
#include <cstring>

// min and max: CUDA's overload set, mixed signedness included, so a call resolves as it does with nvcc.
#define KITCPU_MIN_MAX(R, A, B)                                         \
  inline R min(A a, B b) { return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); } \
  inline R max(A a, B b) { return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); }
KITCPU_MIN_MAX(int, int, int)
KITCPU_MIN_MAX(unsigned int, unsigned int, unsigned int)
KITCPU_MIN_MAX(unsigned int, int, unsigned int)
KITCPU_MIN_MAX(unsigned int, unsigned int, int)
KITCPU_MIN_MAX(long int, long int, long int)
KITCPU_MIN_MAX(unsigned long int, unsigned long int, unsigned long int)
KITCPU_MIN_MAX(unsigned long int, long int, unsigned long int)
KITCPU_MIN_MAX(unsigned long int, unsigned long int, long int)
KITCPU_MIN_MAX(long long int, long long int, long long int)
KITCPU_MIN_MAX(unsigned long long int, unsigned long long int, unsigned long long int)
KITCPU_MIN_MAX(unsigned long long int, long long int, unsigned long long int)
KITCPU_MIN_MAX(unsigned long long int, unsigned long long int, long long int)
#undef KITCPU_MIN_MAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(a, b); }
inline double max(float a, double b) { return fmax(a, b); }
inline double min(double a, float b) { return fmin(a, b); }
inline double max(double a, float b) { return fmax(a, b); }

// Single-precision intrinsics and their accurate counterparts.
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return powf(10.0f, x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline void __sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : (x == x ? x : 0.0f)); }
inline float __fadd_rn(float x, float y) { return x + y; }
inline float __fsub_rn(float x, float y) { return x - y; }
inline float __fmul_rn(float x, float y) { return x * y; }
inline float __fdiv_rn(float x, float y) { return x / y; }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return sqrtf(x); }
inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
inline double __dadd_rn(double x, double y) { return x + y; }
inline double __dmul_rn(double x, double y) { return x * y; }
inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }

// Conversions and reinterpretations.
inline int __float2int_rn(float x) { return static_cast<int>(nearbyintf(x)); }
inline int __float2int_rz(float x) { return static_cast<int>(x); }
inline int __float2int_rd(float x) { return static_cast<int>(floorf(x)); }
inline int __float2int_ru(float x) { return static_cast<int>(ceilf(x)); }
inline unsigned int __float2uint_rn(float x) { return static_cast<unsigned int>(nearbyintf(x)); }
inline float __int2float_rn(int x) { return static_cast<float>(x); }
inline float __uint2float_rn(unsigned int x) { return static_cast<float>(x); }
inline int __float_as_int(float x) {
  int r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline unsigned int __float_as_uint(float x) {
  unsigned int r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline float __int_as_float(int x) {
  float r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline float __uint_as_float(unsigned int x) {
  float r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline long long int __double_as_longlong(double x) {
  long long int r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline double __longlong_as_double(long long int x) {
  double r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}

// Integer intrinsics.
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long int x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned int>(x)); }
inline int __clzll(long long int x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long int>(x)); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long int x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline int __mul24(int x, int y) { return x * y; }
inline unsigned int __umul24(unsigned int x, unsigned int y) { return x * y; }
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long int>(x) * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long int>(x) * y) >> 32);
}

// Read-only cache loads are plain loads on the CPU.
template <class T>
T __ldg(const T* address) {
  return *address;
}

// A cycle counter stand-in for timing inside a kernel: nanoseconds of the host's steady clock.
inline long long int clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
