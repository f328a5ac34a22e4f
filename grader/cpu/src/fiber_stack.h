// The stack of one CUDA thread: mmap'ed, with an inaccessible guard page below it so that an overflow
// (a large local array, deep recursion) faults at once instead of overwriting another thread's stack.
// Pages are committed only when touched, so a thousand stacks per worker cost little memory.
#pragma once

#include <cstddef>

namespace kitcpu::detail {

// Usable bytes per stack: enough for the kit's kernels, more under sanitizers, whose instrumented
// frames are larger and whose reports run on the faulting stack.
std::size_t fiber_stack_size();

class FiberStack {
 public:
  explicit FiberStack(std::size_t size);
  ~FiberStack();
  FiberStack(const FiberStack&) = delete;
  FiberStack& operator=(const FiberStack&) = delete;

  void* top() const { return bottom_ + size_; }  // stacks grow down from here
  void* bottom() const { return bottom_; }
  std::size_t size() const { return size_; }
  bool guard_contains(const void* address) const;

 private:
  char* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  char* bottom_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace kitcpu::detail
