// The CUDA index and vector types (uint3, dim3, float4...), laid out and aligned as nvcc lays them out,
// so that code which reinterprets a float* as a float4* behaves the same on the CPU.
#pragma once

struct uint3 {
  unsigned int x, y, z;
};

// dim3 converts from integers (missing dimensions are 1) and to and from uint3, as in CUDA; the
// constructor is implicit so that `kernel<<<n / 256, 256>>>` and `dim3 grid = 4;` compile.
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// One-, two- and four-component vectors are aligned to their size (at most 16 bytes), three-component
// ones only to their element, exactly like CUDA's vector_types.h.
#define KITCPU_VECTOR_TYPES(base, name)                                                              \
  struct alignas(sizeof(base) <= 16 ? sizeof(base) : 16) name##1 { base x; };                          \
  struct alignas(2 * sizeof(base) <= 16 ? 2 * sizeof(base) : 16) name##2 { base x, y; };               \
  struct name##3 { base x, y, z; };                                                                     \
  struct alignas(4 * sizeof(base) <= 16 ? 4 * sizeof(base) : 16) name##4 { base x, y, z, w; };         \
  inline constexpr name##1 make_##name##1(base x) { return name##1{x}; }                                \
  inline constexpr name##2 make_##name##2(base x, base y) { return name##2{x, y}; }                     \
  inline constexpr name##3 make_##name##3(base x, base y, base z) { return name##3{x, y, z}; }          \
  inline constexpr name##4 make_##name##4(base x, base y, base z, base w) { return name##4{x, y, z, w}; }

KITCPU_VECTOR_TYPES(signed char, char)
KITCPU_VECTOR_TYPES(unsigned char, uchar)
KITCPU_VECTOR_TYPES(short, short)
KITCPU_VECTOR_TYPES(unsigned short, ushort)
KITCPU_VECTOR_TYPES(int, int)
KITCPU_VECTOR_TYPES(long, long)
KITCPU_VECTOR_TYPES(unsigned long, ulong)
KITCPU_VECTOR_TYPES(long long, longlong)
KITCPU_VECTOR_TYPES(unsigned long long, ulonglong)
KITCPU_VECTOR_TYPES(float, float)
KITCPU_VECTOR_TYPES(double, double)
#undef KITCPU_VECTOR_TYPES

// uint3 is declared above with its own name; the other unsigned int vectors follow the same rules.
struct alignas(4) uint1 { unsigned int x; };
struct alignas(8) uint2 { unsigned int x, y; };
struct alignas(16) uint4 { unsigned int x, y, z, w; };
inline constexpr uint1 make_uint1(unsigned int x) { return uint1{x}; }
inline constexpr uint2 make_uint2(unsigned int x, unsigned int y) { return uint2{x, y}; }
inline constexpr uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { return uint3{x, y, z}; }
inline constexpr uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) {
  return uint4{x, y, z, w};
}
