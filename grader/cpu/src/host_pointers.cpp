#include "host_pointers.h"

#include <pthread.h>
#include <sys/mman.h>

#include <kitcpu/launch.h>
#include <kitcpu/run_protocol.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "device_memory.h"

namespace kitcpu::detail {
namespace {

// Windows of reserved address space, one per host pointer of the launches so far (reused round robin);
// the stand-in sits in the middle of its window, so that an index up to 2 GiB either way from it still
// lands in the window and faults as an access through that argument.
constexpr std::size_t kStandInWindows = 16;
constexpr std::uintptr_t kStandInWindowBytes = std::uintptr_t{1} << 32;
constexpr std::uintptr_t kPageOffsetMask = 4095;

struct StandIn {
  std::uintptr_t original = 0;
  std::size_t argument = 0;  // counted from 1, as a student counts them
  bool on_stack = false;     // on the launching thread's stack
  bool in_struct = false;    // a member of a struct the argument passes by value
};

struct StandIns {
  std::mutex mutex;
  std::uintptr_t base = 0;  // 0: not reserved (yet, or the reservation failed)
  bool tried = false;
  StandIn windows[kStandInWindows];
  std::size_t next = 0;
};

// The __device__ and __constant__ variables cudaGetSymbolAddress gave out: [begin, end).
struct Symbols {
  std::mutex mutex;
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;
};

Symbols& symbols() {
  static auto* s = new Symbols();
  return *s;
}

bool in_symbol(std::uintptr_t address) {
  Symbols& s = symbols();
  const std::lock_guard<std::mutex> lock(s.mutex);
  for (const auto& [begin, end] : s.ranges)
    if (address >= begin && address <= end) return true;  // one past the end too
  return false;
}

StandIns& stand_ins() {
  static auto* s = new StandIns();  // never destroyed: kernels may run while static destructors do
  return *s;
}

bool reserve(StandIns& s) {
  if (!s.tried) {
    s.tried = true;
    void* p = mmap(nullptr, kStandInWindows * kStandInWindowBytes, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) s.base = reinterpret_cast<std::uintptr_t>(p);
  }
  return s.base != 0;
}

// Whether a GPU could follow a pointer the host passes: device memory of any kind the runtime knows,
// freed regions included (a use after cudaFree has a diagnostic of its own), or one past the end of one.
bool device_reachable(std::uintptr_t address) {
  if (address == 0) return true;
  if (find_region(reinterpret_cast<const void*>(address), /*include_freed=*/true)) return true;
  if (in_symbol(address)) return true;
  return find_region(reinterpret_cast<const void*>(address - 1), /*include_freed=*/true).has_value();
}

bool on_this_threads_stack(std::uintptr_t address) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return false;
  void* low = nullptr;
  std::size_t size = 0;
  const bool known = pthread_attr_getstack(&attributes, &low, &size) == 0;
  pthread_attr_destroy(&attributes);
  const auto begin = reinterpret_cast<std::uintptr_t>(low);
  return known && address >= begin && address - begin < size;
}

std::string ordinal(std::size_t n) {
  const char* suffix = n % 10 == 1 && n % 100 != 11   ? "st"
                       : n % 10 == 2 && n % 100 != 12 ? "nd"
                       : n % 10 == 3 && n % 100 != 13 ? "rd"
                                                      : "th";
  return std::to_string(n) + suffix;
}

}  // namespace

void note_symbol_address(const void* address, std::size_t bytes) {
  Symbols& s = symbols();
  const std::lock_guard<std::mutex> lock(s.mutex);
  const auto begin = reinterpret_cast<std::uintptr_t>(address);
  for (const auto& range : s.ranges)
    if (range.first == begin) return;
  s.ranges.emplace_back(begin, begin + bytes);
}

namespace {

std::uintptr_t stand_in_for(std::uintptr_t address, std::size_t argument, bool in_struct) {
  StandIns& s = stand_ins();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (!reserve(s)) return address;  // no address space to spare: the kernel reaches the host, as before
  std::size_t slot = kStandInWindows;
  for (std::size_t k = 0; k < kStandInWindows; ++k)
    if (s.windows[k].original == address && s.windows[k].argument == argument + 1) slot = k;
  if (slot == kStandInWindows) {
    slot = s.next;
    s.next = (s.next + 1) % kStandInWindows;
    s.windows[slot] = StandIn{address, argument + 1, on_this_threads_stack(address), in_struct};
  }
  return s.base + slot * kStandInWindowBytes + kStandInWindowBytes / 2 + (address & kPageOffsetMask);
}

// Whether `address` lies in a mapped page of this process: msync fails with ENOMEM on an unmapped one.
bool mapped(std::uintptr_t address) {
  return ::msync(reinterpret_cast<void*>(address & ~kPageOffsetMask), 1, MS_ASYNC) == 0;
}

}  // namespace

std::uintptr_t kernel_address(std::uintptr_t address, std::size_t argument) {
  if (device_reachable(address)) return address;
  return stand_in_for(address, argument, false);
}

std::uintptr_t kernel_word_in_struct(std::uintptr_t word, std::size_t argument) {
  constexpr std::uintptr_t kLowestAddress = 65536, kUserSpaceEnd = std::uintptr_t{1} << 47;
  if (word < kLowestAddress || word >= kUserSpaceEnd || device_reachable(word) || !mapped(word)) return word;
  return stand_in_for(word, argument, true);
}

bool describe_host_pointer_fault(Diagnostic& d, const void* address, AccessKind access) {
  StandIns& s = stand_ins();
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  if (s.base == 0 || a < s.base || a - s.base >= kStandInWindows * kStandInWindowBytes) return false;
  const std::size_t slot = (a - s.base) / kStandInWindowBytes;
  const StandIn& stand_in = s.windows[slot];
  const std::uintptr_t stand_in_address =
      s.base + slot * kStandInWindowBytes + kStandInWindowBytes / 2 + (stand_in.original & kPageOffsetMask);
  const auto offset = static_cast<long long>(a - stand_in_address);
  const char* verb = access == AccessKind::write ? "writes to" : access == AccessKind::read ? "reads" : "accesses";
  d.category = "invalid-address";
  d.message = "kernel " + (d.kernel.empty() ? std::string("code") : d.kernel) + " " + verb + " host memory (" +
              (stand_in.on_stack ? "an array on the host stack" : "a pointer from malloc or new, or a host array") +
              "): its " + ordinal(stand_in.argument) + " argument " +
              (stand_in.in_struct ? "is a struct that holds a host pointer" : "is a host pointer") + ", and this thread " + verb +
              " byte " + std::to_string(offset) + " of it. A GPU cannot reach host memory: the kernel stops with "
              "cudaErrorIllegalAddress. Pass device pointers (cudaMalloc) to a kernel";
  d.hint = "a host array was passed where a device one belongs: give each array the kernel reads or writes a "
           "device buffer (cudaMalloc), cudaMemcpy the input into it, launch the kernel with the device pointer, "
           "and cudaMemcpy the result back (cudaMemcpyDeviceToHost)";
  return true;
}

}  // namespace kitcpu::detail
