#include "access_checks.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <kitcpu/run_protocol.h>
#include <kitcpu/diagnostic.h>
#include <kitcpu/detail/execution_context.h>

#include "access_sites.h"
#include "block_runner.h"
#include "device_allocations.h"
#include "device_array_names.h"
#include "device_memory.h"
#include "diagnostic_sink.h"
#include "launch_state.h"
#include "runtime_config.h"

namespace kitcpu::detail {

__thread WorkerChecker* tls_checking = nullptr;

namespace {

// Who stored to an element last in this launch, and where.
struct Writer {
  std::uint64_t thread;  // linear id in the grid: block * threads per block + thread
  std::uintptr_t site;
};

// What every worker reads while the launch runs; written by the launching thread before it starts.
struct LaunchChecks {
  bool on = false;
  const LaunchState* launch = nullptr;
  std::vector<AddressRange> device;                                  // sorted
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> read_only;  // the inputs
  std::mutex writers_mutex;
  std::unordered_map<std::uintptr_t, Writer> writers;  // per store unit of device memory
};

LaunchChecks& launch_checks() {
  static auto* checks = new LaunchChecks();  // never destroyed: workers outlive static destructors
  return *checks;
}

// Before the block's first barrier, the missing one can only be the one between storing a tile and reading
// it. After one, it may also be the one at the end of a loop body: the next phase's store and this phase's
// are the same line, and the record cannot tell them apart, so both are named.
std::string missing_barrier_hint(std::uint32_t barriers_passed) {
  const std::string first = "a __syncthreads() between the stores of a tile and the loop that reads it";
  if (barriers_passed == 0)
    return first + ": without it a thread can run ahead of the threads that store the elements it needs";
  return first + ", or one at the end of the loop body, before the next phase stores over a tile other threads "
                 "still read: without them a thread runs ahead of the threads it shares the tile with";
}

// The file and line of an access site, in the launching file when the site is inlined from elsewhere.
std::pair<std::string, int> source_site(std::uintptr_t site, const LaunchState& launch) {
  const std::vector<SiteLocation> found = locate_sites({site}, {launch.request.file});
  return {found.front().file, found.front().line};
}

std::string thread_text(std::uint64_t linear, const LaunchState& launch) {
  return "block " + format_index(unflatten(linear / launch.block_threads, launch.request.grid)) + " thread " +
         format_index(unflatten(linear % launch.block_threads, launch.request.block));
}

// `thread`: the linear id in the block of the thread the finding is about.
[[noreturn]] void report(const LaunchState& launch, std::uint64_t block, unsigned thread, std::uintptr_t site,
                         const std::string& category, const std::string& message, const std::string& hint) {
  Diagnostic d;
  d.kernel = launch.request.kernel_name;
  d.launch_site = launch.launch_site;
  d.block = format_index(unflatten(block, launch.request.grid));
  d.thread = format_index(unflatten(thread, launch.request.block));
  d.severity = "error";
  d.category = category;
  std::tie(d.file, d.line) = source_site(site, launch);
  d.message = message;
  d.hint = hint;
  report_fatal(d);
}

// The element a conflicting store hit: "P[1][0]" in an array the runner named, "byte 8 of device
// allocation 1" in memory the program allocated; empty in the rest of memory the runner adopted (the
// guard zones around its arrays, whose damage the grader reports itself).
std::string element_at(std::uintptr_t address) {
  const NamedElement named = named_element_at(address);
  if (!named.text.empty()) return named.text;
  const std::optional<Region> region = find_region(reinterpret_cast<const void*>(address));
  if (!region || region->kind != RegionKind::device) return {};
  return "byte " + std::to_string(offset_in(*region, reinterpret_cast<const void*>(address))) +
         " of device allocation " + std::to_string(region->id);
}

}  // namespace

class WorkerChecker {
 public:
  void begin_block(const LaunchState& launch, std::uint64_t block, std::uintptr_t shared_begin,
                   std::size_t shared_bytes) {
    launch_ = &launch;
    block_ = block;
    shared_begin_ = shared_begin;
    stored_.assign(shared_bytes, 0);
    stored_round_.assign(shared_bytes, 0);
    round_ = 1;
    early_read_ = EarlyRead{};
  }

  // Every thread waits at a barrier or has exited. A load of a shared byte nobody had stored is judged
  // now: if a thread stored it later in the same round, the load only came too early (a barrier is
  // missing between the store and the load); if nobody did, the element was never initialised.
  void end_round() {
    ++round_;
    if (!early_read_.valid) return;
    const EarlyRead r = early_read_;
    const std::string element = shared_element(r.offset);
    if (stored_[r.offset]) {
      report(*launch_, block_, r.thread, r.site, category::kMissingBarrier,
             element + " is read before thread " + format_index(unflatten(stored_[r.offset] - 1, launch_->request.block)) +
                 " stores it, with no __syncthreads() between the store and the read: the thread reads what the "
                 "element held before",
             missing_barrier_hint(round_ - 1));
    }
    report(*launch_, block_, r.thread, r.site, category::kUninitializedSharedRead,
           element + " is read before any thread of this block stored to it: it holds whatever shared memory "
                     "held before the block started (NaN on the CPU backend, leftovers on a GPU)",
           "every shared element a thread reads must be stored first, by some thread of the same block, before a "
           "__syncthreads(): a tile element whose source lies outside the matrix still needs a value (0.0f) "
           "if the tile is used whole, as a matmul phase uses it; otherwise the reading thread's own bounds test must "
           "stop it (in a transpose, the store's test, with rows and columns exchanged)");
  }

  void switch_in(unsigned thread) { thread_ = thread; }

  void access(std::uintptr_t site, std::uintptr_t address, unsigned size, bool store) {
    if (address - shared_begin_ < stored_.size()) {
      shared_access(site, address - shared_begin_, size, store);
    } else if (store && in_device_memory(address)) {
      device_store(site, address, size);
    }
  }

  void atomic(std::uintptr_t address, unsigned size) {
    if (address - shared_begin_ < stored_.size()) mark_stored(address - shared_begin_, size);
  }

 private:
  // The first load of the round from a shared byte no thread had stored.
  struct EarlyRead {
    bool valid = false;
    std::uintptr_t site = 0;
    std::size_t offset = 0;
    unsigned thread = 0;
  };

  std::string shared_element(std::size_t offset) const {
    const void* address = reinterpret_cast<const void*>(shared_begin_ + offset);
    const std::string name = tls_context.runner ? tls_context.runner->shared_element_name(address) : "";
    return name.empty() ? "shared memory" : name;
  }

  void mark_stored(std::size_t offset, unsigned size) {
    const std::size_t n = std::min<std::size_t>(size, stored_.size() - offset);
    std::fill_n(stored_.begin() + static_cast<std::ptrdiff_t>(offset), n, thread_ + 1);
    std::fill_n(stored_round_.begin() + static_cast<std::ptrdiff_t>(offset), n, round_);
  }

  void shared_access(std::uintptr_t site, std::size_t offset, unsigned size, bool store) {
    if (store) {
      shared_store(site, offset, size);
      return;
    }
    for (unsigned i = 0; i < size && offset + i < stored_.size(); ++i) {
      const std::size_t b = offset + i;
      if (!stored_[b]) {
        if (!early_read_.valid) early_read_ = EarlyRead{true, site, b, thread_};
        continue;
      }
      // Stored by another thread since the last barrier: on a GPU the two run in either order.
      if (stored_[b] != thread_ + 1 && stored_round_[b] == round_) {
        report(*launch_, block_, thread_, site, category::kMissingBarrier,
               shared_element(b) + " is read by this thread after thread " +
                   format_index(unflatten(stored_[b] - 1, launch_->request.block)) +
                   " stored it, with no __syncthreads() between the store and the read: on a GPU the read may "
                   "come first",
               missing_barrier_hint(round_ - 1));
      }
    }
  }

  // Two threads of a block storing one shared byte in one round: which value the reads after the barrier
  // see depends on the order the threads ran in. Two tiles that overlap in one allocation do this, as does
  // an index that maps two threads to one element; the checks run only to explain a wrong result, so a
  // kernel whose threads store one value on purpose is never failed by it.
  void shared_store(std::uintptr_t site, std::size_t offset, unsigned size) {
    for (unsigned i = 0; i < size && offset + i < stored_.size(); ++i) {
      const std::size_t b = offset + i;
      if (stored_[b] && stored_[b] != thread_ + 1 && stored_round_[b] == round_)
        report(*launch_, block_, thread_, site, category::kWriteConflict,
               shared_element(b) + " is stored by two threads of one block with no __syncthreads() between: thread " +
                   format_index(unflatten(stored_[b] - 1, launch_->request.block)) +
                   " stored it, then this thread; which value the block reads after the barrier depends on the "
                   "order the threads run in",
               "each shared element is stored by one thread between two barriers: two tiles that overlap in one "
               "allocation (a second tile that starts fewer than tile_width * tile_width elements after the "
               "first), a block with more threads than the tile has elements (a block size written as a number "
               "while the tile's width changes), or an index that maps two threads to one element do this");
    }
    mark_stored(offset, size);
  }

  bool in_device_memory(std::uintptr_t address) const {
    const std::vector<AddressRange>& ranges = launch_checks().device;
    auto it = std::upper_bound(ranges.begin(), ranges.end(), address,
                               [](std::uintptr_t a, const AddressRange& r) { return a < r.begin; });
    return it != ranges.begin() && address < (--it)->end;
  }

  void device_store(std::uintptr_t site, std::uintptr_t address, unsigned size) {
    LaunchChecks& checks = launch_checks();
    for (const auto& [begin, end] : checks.read_only) {
      if (address < begin || address >= end) continue;
      const NamedElement element = named_element_at(address);
      report(*launch_, block_, thread_, site, category::kInputWrite,
             "the kernel stores to its input " + element.text + ": inputs must stay unchanged",
             "store results only to the output array: a store to an input is a wrong index or the arguments in "
             "the wrong order");
    }
    const std::uint64_t me = block_ * launch_->block_threads + thread_;
    const unsigned unit = std::min(size, 4u);
    const std::lock_guard<std::mutex> lock(checks.writers_mutex);
    for (std::uintptr_t a = address; a < address + size; a += unit) {
      const auto [it, first] = checks.writers.try_emplace(a, Writer{me, site});
      if (first || it->second.thread == me) {
        it->second = Writer{me, site};
        continue;
      }
      const Writer other = it->second;
      const std::string element = element_at(a);
      if (element.empty()) continue;
      const auto [other_file, other_line] = source_site(other.site, *launch_);
      report(*launch_, block_, thread_, site, category::kWriteConflict,
             element + " is stored by two threads of one launch: " + thread_text(other.thread, *launch_) +
                 " stored it at line " + std::to_string(other_line) + ", then this thread; which value stays " +
                 "depends on the order the threads run in",
             other.thread / launch_->block_threads != block_ ?
             // Two blocks: their areas overlap, whatever each thread's index within its block.
             "every output element must be stored by exactly one thread, but threads of two blocks store this "
             "one: a row stride that is not the row's length (Row * width + Col with another width), a thread "
             "past the end of a row that no bounds check stops, or blocks whose areas overlap (a block's origin "
             "must step by the area it covers, blockIdx.y * TILE_DIM where a block of fewer rows loops over its "
             "tile, not blockIdx.y * blockDim.y)" :
             "every output element must be stored by exactly one thread: an index whose row stride is not the "
             "row's length (Row * width + Col with another width), or a thread outside the output that no bounds "
             "check stops and that lands on another row, gives two threads one element");
    }
  }

  const LaunchState* launch_ = nullptr;
  std::uint64_t block_ = 0;
  unsigned thread_ = 0;
  std::uintptr_t shared_begin_ = 0;
  // Per byte of the shared arena: 1 + the linear id of the thread that stored it last since the block
  // started, 0 if none did; and the round of that store (rounds count from 1, one per barrier).
  std::vector<std::uint32_t> stored_;
  std::vector<std::uint32_t> stored_round_;
  std::uint32_t round_ = 1;
  EarlyRead early_read_;
};

namespace {

WorkerChecker& this_workers_checker() {
  thread_local WorkerChecker* checker = new WorkerChecker();  // never destroyed, like the workers
  return *checker;
}

}  // namespace

void check_access_slow(WorkerChecker& checker, std::uintptr_t site, std::uintptr_t address, unsigned size,
                       bool store) {
  checker.access(site, address, size, store);
}

void check_atomic(const volatile void* address, unsigned size) {
  if (WorkerChecker* checker = tls_checking) checker->atomic(reinterpret_cast<std::uintptr_t>(address), size);
}

void checks_begin_launch(const LaunchState& launch) {
  LaunchChecks& checks = launch_checks();
  checks.on = runtime_config().checks;
  if (!checks.on) return;
  checks.launch = &launch;
  checks.device = device_allocation_ranges();
  checks.read_only = read_only_ranges();
  checks.writers.clear();
}

void checks_end_launch() { launch_checks().writers.clear(); }

void checks_begin_block(const LaunchState& launch, std::uint64_t block, const void* shared_begin,
                        std::size_t shared_bytes) {
  if (!launch_checks().on) return;
  this_workers_checker().begin_block(launch, block, reinterpret_cast<std::uintptr_t>(shared_begin), shared_bytes);
}

void checks_switch_in(unsigned thread) {
  if (!launch_checks().on) return;
  WorkerChecker& checker = this_workers_checker();
  checker.switch_in(thread);
  tls_checking = &checker;
}

void checks_switch_out() { tls_checking = nullptr; }

void checks_end_round() {
  if (launch_checks().on) this_workers_checker().end_round();
}

}  // namespace kitcpu::detail
