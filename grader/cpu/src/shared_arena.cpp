#include "shared_arena.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include <kitcpu/virtual_device.h>

#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

// Red zones only where something reads them: ASan needs at least 32 poisoned bytes to attribute an
// overflow to the right array; the fast build packs arrays as a GPU does.
constexpr std::size_t kRedZone = KITCPU_ASAN ? 64 : 0;
constexpr std::size_t kMinimumAlignment = 16;
// A GPU block's whole shared memory plus room for one red zone per declaration.
constexpr std::size_t kCapacity = largest_shared_memory_per_block() + 256 * (kRedZone + kMinimumAlignment) + 4096;

std::size_t align_up(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

void poison(unsigned char* p, std::size_t n) {
#if KITCPU_ASAN
  ASAN_POISON_MEMORY_REGION(p, n);
#else
  (void)p;
  (void)n;
#endif
}

// Makes [p, p + n) usable and fills it with 0xFF.
void hand_out(unsigned char* p, std::size_t n) {
#if KITCPU_ASAN
  ASAN_UNPOISON_MEMORY_REGION(p, n);
#endif
  std::memset(p, 0xFF, n);
}

}  // namespace

SharedArena::SharedArena() : capacity_(kCapacity) {
  base_ = static_cast<unsigned char*>(std::aligned_alloc(256, kCapacity));
  if (base_ == nullptr) throw std::bad_alloc();
  entries_.reserve(64);
}

SharedArena::~SharedArena() {
#if KITCPU_ASAN
  ASAN_UNPOISON_MEMORY_REGION(base_, capacity_);
#endif
  std::free(base_);
}

unsigned char* SharedArena::begin_block(std::size_t dynamic_bytes) {
  poison(base_, capacity_);
  entries_.clear();
  static_bytes_ = 0;
  dynamic_bytes_ = dynamic_bytes;
  // Dynamic shared memory starts after a red zone, 256-byte aligned like the start of a GPU's.
  unsigned char* dynamic = base_ + align_up(kRedZone, 256);
  hand_out(dynamic, dynamic_bytes);
  dynamic_ = dynamic;
  used_ = static_cast<std::size_t>(dynamic - base_) + dynamic_bytes + kRedZone;
  return dynamic;
}

void* SharedArena::static_storage(const SharedDeclaration* key, std::size_t size, std::size_t alignment) {
  for (const Entry& e : entries_) {
    if (e.key == key) return e.storage;
  }
  if (dynamic_bytes_ + static_bytes_ + size > current_virtual_device().shared_memory_per_block) return nullptr;
  const std::size_t offset = align_up(used_, alignment > kMinimumAlignment ? alignment : kMinimumAlignment);
  if (offset + size + kRedZone > capacity_) return nullptr;
  unsigned char* storage = base_ + offset;
  hand_out(storage, size);
  used_ = offset + size + kRedZone;
  static_bytes_ += size;
  entries_.push_back(Entry{key, storage, size});
  return storage;
}

std::string SharedArena::element_name(const void* address) const {
  const auto* a = static_cast<const unsigned char*>(address);
  if (dynamic_ != nullptr && a >= dynamic_ && a < dynamic_ + dynamic_bytes_) {
    return "dynamic shared memory (extern __shared__), byte " + std::to_string(a - dynamic_);
  }
  for (const Entry& e : entries_) {
    if (a < e.storage || a >= e.storage + e.size) continue;
    const SharedDeclaration& d = *e.key;
    std::size_t element = static_cast<std::size_t>(a - e.storage) / (d.element_size ? d.element_size : 1);
    std::string index;
    for (unsigned i = d.rank; i-- > 0;) {
      index = "[" + std::to_string(element % d.extents[i]) + "]" + index;
      element /= d.extents[i];
    }
    return std::string(*d.name ? d.name : "a __shared__ variable") + index;
  }
  return {};
}

bool SharedArena::contains(const void* address) const {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const auto b = reinterpret_cast<std::uintptr_t>(base_);
  return a >= b && a < b + capacity_;
}

}  // namespace kitcpu::detail
