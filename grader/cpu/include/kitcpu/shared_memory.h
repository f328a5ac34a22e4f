// __shared__ memory: one copy per block, carved by the runtime from the worker's shared-memory arena
// (shared_arena.cpp) and filled with 0xFF bytes when a block first touches it, so a tile element that
// no thread loaded reads as NaN (float) or -1 (int), as wrong as the garbage a GPU would leave there.
// In the asan flavour the arrays are separated by poisoned red zones, so an access past the end of a
// tile is reported at the student's line.
//
// The rewriter produces the calls below from the student's declarations:
//   __shared__ float As[TILE][TILE];   ->  typedef float kitcpu_shared_As[TILE][TILE];
//                                          auto& As = ::kitcpu::detail::block_shared<kitcpu_shared_As>([]{}, "As");
//   extern __shared__ float buf[];     ->  float* const buf = ::kitcpu::detail::dynamic_shared<float>();
//                                          (at namespace scope: a DynamicSharedArray<float> named buf)
#pragma once

#include <cstddef>
#include <type_traits>

#include <kitcpu/detail/execution_context.h>

namespace kitcpu::detail {

// A __shared__ declaration as diagnostics name its elements: "Mds[3][5]".
struct SharedDeclaration {
  const char* name;
  std::size_t element_size;
  unsigned rank;  // 0 for a scalar; arrays of more than 4 dimensions keep the first 4 extents
  std::size_t extents[4];
};

template <class T>
SharedDeclaration describe_shared(const char* name) {
  SharedDeclaration d{name, sizeof(std::remove_all_extents_t<T>), static_cast<unsigned>(std::rank_v<T>), {1, 1, 1, 1}};
  if constexpr (std::rank_v<T> >= 1) d.extents[0] = std::extent_v<T, 0>;
  if constexpr (std::rank_v<T> >= 2) d.extents[1] = std::extent_v<T, 1>;
  if constexpr (std::rank_v<T> >= 3) d.extents[2] = std::extent_v<T, 2>;
  if constexpr (std::rank_v<T> >= 4) d.extents[3] = std::extent_v<T, 3>;
  if (d.rank > 4) d.rank = 4;
  return d;
}

// The storage of `declaration` in the current block; the first thread of the block to ask carves and
// poisons it, the others get the same address.
void* block_shared_storage(const SharedDeclaration* declaration, std::size_t size, std::size_t alignment);

// `Tag` is the type of a lambda written at the declaration, unique per declaration and per
// instantiation of the template around it, which gives every declaration its own description (and the
// description's address is the declaration's key).
template <class T, class Tag>
T& block_shared(Tag, const char* name = "") {
  static const SharedDeclaration declaration = describe_shared<T>(name);
  return *static_cast<T*>(block_shared_storage(&declaration, sizeof(T), alignof(T)));
}

template <class T>
T* dynamic_shared() {
  tls_context.dynamic_shared_used.store(true, std::memory_order_relaxed);
  return reinterpret_cast<T*>(tls_context.dynamic_shared);
}

// `extern __shared__ T name[];` at namespace scope: every use reads the current block's dynamic shared
// memory, since one object serves all blocks and all worker threads.
template <class T>
struct DynamicSharedArray {
  operator T*() const { return dynamic_shared<T>(); }
  template <class U>
  explicit operator U*() const {
    tls_context.dynamic_shared_used.store(true, std::memory_order_relaxed);
    return reinterpret_cast<U*>(tls_context.dynamic_shared);
  }
  T& operator[](std::ptrdiff_t i) const { return dynamic_shared<T>()[i]; }
};

}  // namespace kitcpu::detail
