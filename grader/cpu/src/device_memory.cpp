#include "device_memory.h"

#include <algorithm>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <set>

#include <kitcpu/virtual_device.h>

#include "device_allocations.h"
#include "fault_handlers.h"
#include "page_size.h"
#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

constexpr std::size_t kAlignment = 256;  // what cudaMalloc guarantees
// Freed device regions kept mapped (PROT_NONE, no memory behind them) to name late accesses.
constexpr std::size_t kQuarantineRegions = 256;
constexpr std::size_t kQuarantineBytes = std::size_t{1} << 32;

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

bool is_protected(RegionKind kind) { return kind == RegionKind::device || kind == RegionKind::adopted; }

// In the asan flavour a device region gets red zones, as AddressSanitizer's heap gave the buffers
// before they had mappings of their own: a poisoned page before the data, and at least this much
// poisoned after it (the rest of the last page too).
constexpr std::size_t kTrailingRedZone = KITCPU_ASAN ? 512 : 0;
constexpr bool kLeadingRedZonePage = KITCPU_ASAN;

struct Entry {
  Region region;
  // The pages that are opened and closed (device and adopted regions) or the heap bytes (the others):
  // for a device region its whole mapping, red zones included.
  std::uintptr_t first = 0;
  std::size_t bytes = 0;
  int open = 0;  // accesses holding this region open on their own
};

struct Allocations {
  std::mutex mutex;
  std::map<std::uintptr_t, Entry> live;  // by region.begin
  std::deque<Entry> quarantine;          // freed device regions, oldest first
  std::size_t quarantine_bytes = 0;
  std::size_t allocated = 0;  // device, managed and pinned bytes, for the virtual device's limit
  int next_id = 0;
  int open_all = 0;  // launches holding every region open
};

Allocations& allocations() {
  static auto* r = new Allocations();  // outlives static destructors that may still call cudaFree
  return *r;
}

void protect(std::uintptr_t first, std::size_t bytes, bool open) {
  mprotect(reinterpret_cast<void*>(first), bytes, open ? PROT_READ | PROT_WRITE : PROT_NONE);
}

void set_access(const Entry& e, bool open) { protect(e.first, e.bytes, open); }

bool is_open(const Allocations& r, const Entry& e) { return r.open_all > 0 || e.open > 0; }

// Opens or closes every protected region no copy holds open on its own. mprotect costs a system call
// (about 2 us in a virtual machine) whatever the size, and the kernel places consecutive mappings next
// to each other, so each run of adjacent regions takes one call.
void set_access_all(const Allocations& r, bool open) {
  std::uintptr_t run_first = 0;
  std::uintptr_t run_end = 0;
  for (const auto& [begin, e] : r.live) {
    if (!is_protected(e.region.kind) || e.open > 0) continue;
    if (e.first != run_end) {
      if (run_end > run_first) protect(run_first, run_end - run_first, open);
      run_first = e.first;
    }
    run_end = e.first + e.bytes;
  }
  if (run_end > run_first) protect(run_first, run_end - run_first, open);
}

void unmap(const Entry& e) {
#if KITCPU_ASAN
  ASAN_UNPOISON_MEMORY_REGION(reinterpret_cast<void*>(e.first), e.bytes);
#endif
  munmap(reinterpret_cast<void*>(e.first), e.bytes);
}

const Entry* holding(const Entry& e, std::uintptr_t address) {
  return address >= e.first && address - e.first < e.bytes ? &e : nullptr;
}

const Entry* find_live(Allocations& r, std::uintptr_t address) {
  // By the start of the data; a device region's leading red zone lies before it.
  auto it = r.live.upper_bound(address + (kLeadingRedZonePage ? page_size() : 0));
  while (it != r.live.begin()) {
    --it;
    if (const Entry* e = holding(it->second, address)) return e;
    if (it->second.first + it->second.bytes <= address) return nullptr;
  }
  return nullptr;
}

const Entry* find_freed(Allocations& r, std::uintptr_t address) {
  for (const Entry& e : r.quarantine) {
    if (holding(e, address) != nullptr) return &e;
  }
  return nullptr;
}

// Its own mapping, PROT_NONE from the start. MAP_NORESERVE, so that opening the pages later is never
// refused for lack of commit charge, as the heap's memory would not have been.
cudaError_t map_device_region(std::size_t size, Entry& e) {
  const std::size_t lead = kLeadingRedZonePage ? page_size() : 0;
  e.bytes = lead + round_up(size + kTrailingRedZone, page_size());
  void* p = mmap(nullptr, e.bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return cudaErrorMemoryAllocation;
  e.first = reinterpret_cast<std::uintptr_t>(p);
  e.region.begin = e.first + lead;
#if KITCPU_ASAN
  ASAN_POISON_MEMORY_REGION(p, lead);
  ASAN_POISON_MEMORY_REGION(reinterpret_cast<void*>(e.region.begin + size), e.bytes - lead - size);
#endif
  return cudaSuccess;
}

}  // namespace

cudaError_t allocate_region(void** ptr, std::size_t size, RegionKind kind, const void* caller, Region* allocated) {
  if (ptr == nullptr) return record_error(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (size == 0) return cudaSuccess;
  install_fault_handlers();  // before host code can touch the region
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  if (size > current_virtual_device().global_memory - std::min(current_virtual_device().global_memory, r.allocated)) return record_error(cudaErrorMemoryAllocation);
  Entry e;
  e.region.size = size;
  e.region.kind = kind;
  e.region.allocated_at = caller;
  if (kind == RegionKind::device) {
    if (map_device_region(size, e) != cudaSuccess) return record_error(cudaErrorMemoryAllocation);
    if (is_open(r, e)) set_access(e, true);
  } else {
    // The exact size, not rounded up: AddressSanitizer then sees the first byte past the end.
    void* p = nullptr;
    if (posix_memalign(&p, kAlignment, size) != 0 || p == nullptr) return record_error(cudaErrorMemoryAllocation);
    e.region.begin = reinterpret_cast<std::uintptr_t>(p);
    e.first = e.region.begin;
    e.bytes = size;
  }
  e.region.id = r.next_id++;
  r.allocated += size;
  *ptr = reinterpret_cast<void*>(e.region.begin);
  if (allocated != nullptr) *allocated = e.region;
  r.live.emplace(e.region.begin, e);
  return cudaSuccess;
}

cudaError_t free_region(void* ptr, Region* freed) {
  if (ptr == nullptr) return cudaSuccess;
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.live.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == r.live.end() || it->second.region.kind == RegionKind::adopted) return record_error(cudaErrorInvalidValue);
  Entry e = it->second;
  r.live.erase(it);
  r.allocated -= e.region.size;
  e.region.freed = true;
  if (freed != nullptr) *freed = e.region;
  if (e.region.kind != RegionKind::device) {
    std::free(ptr);
    return cudaSuccess;
  }
  // No memory stays behind a quarantined region: its pages are dropped, only the addresses are kept.
  set_access(e, false);
  madvise(reinterpret_cast<void*>(e.first), e.bytes, MADV_DONTNEED);
  r.quarantine.push_back(e);
  r.quarantine_bytes += e.bytes;
  while (r.quarantine.size() > kQuarantineRegions || r.quarantine_bytes > kQuarantineBytes) {
    unmap(r.quarantine.front());
    r.quarantine_bytes -= r.quarantine.front().bytes;
    r.quarantine.pop_front();
  }
  return cudaSuccess;
}

int adopt_region(void* base, std::size_t bytes) {
  const auto begin = reinterpret_cast<std::uintptr_t>(base);
  if (base == nullptr || bytes == 0 || begin % page_size() != 0) return -1;
  install_fault_handlers();
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  Entry e;
  e.region.begin = begin;
  e.region.size = bytes;
  e.region.kind = RegionKind::adopted;
  e.first = begin;
  e.bytes = round_up(bytes, page_size());
  // Nothing known may overlap it: a region adopted twice, or memory the runtime handed out itself.
  for (const auto& [other_begin, other] : r.live) {
    if (other.first < begin + e.bytes && begin < other.first + other.bytes) return -1;
  }
  if (!is_open(r, e) && mprotect(base, e.bytes, PROT_NONE) != 0) return -1;
  // The lowest number no live region holds: a runner that serves case after case, adopting each case's
  // arena after releasing the last, names every arena region 0, as a runner that served one would.
  std::set<int> held;
  for (const auto& [other_begin, other] : r.live)
    if (other.region.kind == RegionKind::adopted) held.insert(other.region.id);
  e.region.id = 0;
  while (held.count(e.region.id) > 0) ++e.region.id;
  r.live.emplace(begin, e);
  return e.region.id;
}

void restart_allocation_numbers() {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [begin, e] : r.live)
    if (e.region.kind != RegionKind::adopted) return;
  r.next_id = 0;
}

bool release_adopted_region(void* base) {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto it = r.live.find(reinterpret_cast<std::uintptr_t>(base));
  if (it == r.live.end() || it->second.region.kind != RegionKind::adopted) return false;
  set_access(it->second, true);
  r.live.erase(it);
  return true;
}

std::optional<Region> find_region(const void* address, bool include_freed) {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const Entry* e = find_live(r, a);
  if (e == nullptr && include_freed) e = find_freed(r, a);
  if (e == nullptr) return std::nullopt;
  return e->region;
}

bool is_closed_device_memory(const void* address) {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  if (const Entry* e = find_live(r, a)) return is_protected(e->region.kind) && !is_open(r, *e);
  return find_freed(r, a) != nullptr;
}

std::size_t allocated_bytes() {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  return r.allocated;
}

std::vector<Region> live_regions() {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<Region> regions;
  regions.reserve(r.live.size());
  for (const auto& [begin, e] : r.live) regions.push_back(e.region);
  return regions;
}

std::vector<AddressRange> device_allocation_ranges() {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<AddressRange> ranges;
  ranges.reserve(r.live.size());
  for (const auto& [begin, e] : r.live) ranges.push_back(AddressRange{begin, begin + e.region.size});
  return ranges;  // sorted: the map is ordered by address
}

DeviceMemoryAccess DeviceMemoryAccess::all() {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  if (r.open_all++ == 0) set_access_all(r, true);
  DeviceMemoryAccess access;
  access.all_ = true;
  return access;
}

DeviceMemoryAccess::DeviceMemoryAccess(const void* a, std::size_t a_bytes, const void* b, std::size_t b_bytes) {
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [address, bytes] : {std::pair{a, a_bytes}, std::pair{b, b_bytes}}) {
    if (address == nullptr || bytes == 0) continue;
    const Entry* found = find_live(r, reinterpret_cast<std::uintptr_t>(address));
    if (found == nullptr || !is_protected(found->region.kind)) continue;
    Entry& e = r.live.at(found->region.begin);
    if (!regions_.empty() && regions_.front() == e.region.begin) continue;  // one region, both ranges
    if (e.open++ == 0 && r.open_all == 0) set_access(e, true);
    regions_.push_back(e.region.begin);
  }
}

DeviceMemoryAccess::DeviceMemoryAccess(DeviceMemoryAccess&& other) noexcept
    : all_(other.all_), regions_(std::move(other.regions_)) {
  other.all_ = false;
  other.regions_.clear();
}

DeviceMemoryAccess::~DeviceMemoryAccess() {
  if (!all_ && regions_.empty()) return;
  Allocations& r = allocations();
  const std::lock_guard<std::mutex> lock(r.mutex);
  for (std::uintptr_t begin : regions_) {
    const auto it = r.live.find(begin);  // freed meanwhile: already closed in the quarantine
    if (it != r.live.end() && --it->second.open == 0 && r.open_all == 0) set_access(it->second, false);
  }
  if (all_ && --r.open_all == 0) set_access_all(r, false);
}

}  // namespace kitcpu::detail
