// __shared__ memory: one copy per block, carved by the runtime from the worker's shared-memory arena
// (shared_arena.cpp) and filled with 0xFF bytes when a block first touches it, so a tile element that
// no thread loaded reads as NaN (float) or -1 (int), as wrong as the garbage a GPU would leave there.
// In the asan flavour the arrays are separated by poisoned red zones, so an access past the end of a
// tile is reported at the student's line.
//
// The rewriter produces the calls below from the student's declarations:
//   __shared__ float As[TILE][TILE];   ->  typedef float kitcpu_shared_As[TILE][TILE];
//                                          auto& As = ::kitcpu::detail::block_shared<kitcpu_shared_As>([]{});
//   extern __shared__ float buf[];     ->  float* const buf = ::kitcpu::detail::dynamic_shared<float>();
//                                          (at namespace scope: a DynamicSharedArray<float> named buf)
#pragma once

#include <cstddef>

#include <kitcpu/detail/execution_context.h>

namespace kitcpu::detail {

// The storage of the declaration identified by `key` in the current block; the first thread of the
// block to ask carves and poisons it, the others get the same address.
void* block_shared_storage(const void* key, std::size_t size, std::size_t alignment);

// `Tag` is the type of a lambda written at the declaration, unique per declaration and per
// instantiation of the template around it, which gives every declaration its own key.
template <class T, class Tag>
T& block_shared(Tag) {
  static const char key = 0;
  return *static_cast<T*>(block_shared_storage(&key, sizeof(T), alignof(T)));
}

template <class T>
T* dynamic_shared() {
  return reinterpret_cast<T*>(tls_context.dynamic_shared);
}

// `extern __shared__ T name[];` at namespace scope: every use reads the current block's dynamic shared
// memory, since one object serves all blocks and all worker threads.
template <class T>
struct DynamicSharedArray {
  operator T*() const { return dynamic_shared<T>(); }
  template <class U>
  explicit operator U*() const {
    return reinterpret_cast<U*>(tls_context.dynamic_shared);
  }
  T& operator[](std::ptrdiff_t i) const { return dynamic_shared<T>()[i]; }
};

}  // namespace kitcpu::detail
