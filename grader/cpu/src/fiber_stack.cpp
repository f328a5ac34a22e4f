#include "fiber_stack.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

#include "page_size.h"
#include "sanitizer_support.h"

namespace kitcpu::detail {
std::size_t fiber_stack_size() { return KITCPU_SANITIZED ? 512 * 1024 : 64 * 1024; }

FiberStack::FiberStack(std::size_t size) {
  const std::size_t page = page_size();
  size_ = (size + page - 1) / page * page;
  mapping_size_ = size_ + page;
  void* mapping = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                       -1, 0);
  if (mapping == MAP_FAILED) throw std::bad_alloc();
  mapping_ = static_cast<char*>(mapping);
  mprotect(mapping_, page, PROT_NONE);
  bottom_ = mapping_ + page;
}

FiberStack::~FiberStack() { munmap(mapping_, mapping_size_); }

bool FiberStack::guard_contains(const void* address) const {
  const char* a = static_cast<const char*>(address);
  return a >= mapping_ && a < bottom_;
}

}  // namespace kitcpu::detail
