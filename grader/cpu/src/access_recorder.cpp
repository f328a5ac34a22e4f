#include "access_recorder.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include <kitcpu/access_report.h>

#include "access_counting.h"
#include "access_sites.h"
#include "device_allocations.h"
#include "fd_write.h"
#include "launch_state.h"
#include "runtime_config.h"

namespace kitcpu::detail {

__thread WorkerRecorder* tls_recording = nullptr;

namespace {

enum Space : unsigned { kGlobal = 0, kShared = 1 };

// Requests waiting for the end of the round, per worker: beyond this many (about 17 MiB), further
// executions of a site are not recorded until the next barrier.
constexpr std::size_t kMaxPendingRequests = std::size_t{1} << 16;

// A request worth showing a student, and the order that picks it: the most active lanes, then the
// highest cost, then the first block, warp and request, so that which worker ran which block does not
// change the choice.
struct Example {
  bool valid = false;
  unsigned lanes = 0;
  unsigned cost = 0;  // sectors or wavefronts
  std::uint64_t block = 0;
  unsigned warp = 0;
  std::uint64_t serial = 0;  // requests finished before it in the block
  uint3 block_idx{0, 0, 0};
  WarpRequest request;
};

bool better(const Example& a, const Example& b) {
  if (!a.valid || !b.valid) return a.valid && !b.valid;
  return std::make_tuple(b.lanes, b.cost, a.block, a.warp, a.serial) <
         std::make_tuple(a.lanes, a.cost, b.block, b.warp, b.serial);
}

struct Totals {
  std::uint64_t blocks = 0;
  std::uint64_t requests = 0;
  std::uint64_t threads = 0;
  std::uint64_t cost = 0;    // sectors or wavefronts
  std::uint64_t excess = 0;  // shared: bank conflicts
  Example example;

  void add(const Totals& other) {
    blocks += other.blocks;
    requests += other.requests;
    threads += other.threads;
    cost += other.cost;
    excess += other.excess;
    if (better(other.example, example)) example = other.example;
  }
};

struct SiteKey {
  std::string kernel;
  std::uintptr_t site;
  unsigned size;
  bool store;
  Space space;
  bool operator<(const SiteKey& o) const {
    return std::tie(kernel, site, size, store, space) < std::tie(o.kernel, o.site, o.size, o.store, o.space);
  }
};

// What every worker needs to know about the running launch. Written by the launching thread before
// the workers are handed the launch, read-only while they run it.
struct LaunchSample {
  bool recording = false;
  const LaunchState* launch = nullptr;
  bool every_block = false;
  std::vector<std::uint64_t> blocks;  // sorted, when not every block
  std::vector<AddressRange> device;   // sorted
};

LaunchSample g_sample;

// Totals of every launch so far, merged by the workers at the end of each sampled block, and what the
// report needs: it is written at exit, when static objects may already be gone, so it owns its state.
struct ProcessTotals {
  std::mutex mutex;
  std::map<SiteKey, Totals> sites;
  std::vector<std::string> student_files;  // files kernels were launched from
  std::map<std::uintptr_t, SiteLocation> locations;  // symbolizing runs addr2line: once per site
  std::string report_path;
  std::chrono::steady_clock::time_point last_write;
  bool exit_hook = false;
  std::uint64_t unrecorded = 0;
  bool told_unrecorded = false;
};

ProcessTotals& process_totals() {
  static auto* totals = new ProcessTotals();  // never destroyed: workers outlive static destructors
  return *totals;
}

}  // namespace

class WorkerRecorder {
 public:
  bool block_sampled = false;
  unsigned thread = 0;  // linear id of the CUDA thread switched in

  void begin_block(const LaunchSample& sample, std::uint64_t block, unsigned threads, std::uintptr_t shared_begin,
                   std::size_t shared_bytes);
  void record(std::uintptr_t site, std::uintptr_t address, unsigned size, bool store);
  void end_round();
  void end_block();

 private:
  struct PendingRequest {
    std::array<std::uint64_t, kWarpSize> address{};
    std::uint32_t active = 0;
    std::uint32_t shared = 0;  // lanes whose address is in shared memory
  };
  struct Site {
    std::uintptr_t site;
    unsigned size;
    bool store;
    std::vector<std::uint32_t> executions;            // per thread, since the last barrier
    std::vector<std::vector<PendingRequest>> warps;   // per warp: its n-th request at n
    bool touched = false;                             // pending requests this round
    std::array<Totals, 2> totals;                     // this block, per space
  };

  Site& find_site(std::uintptr_t site, unsigned size, bool store);
  bool in_device_memory(std::uintptr_t address);
  void finish(Site& site, unsigned warp, const PendingRequest& pending);

  const LaunchSample* sample_ = nullptr;
  std::uint64_t block_ = 0;
  uint3 block_idx_{0, 0, 0};
  unsigned threads_ = 0;
  std::uintptr_t shared_begin_ = 0;
  std::size_t shared_bytes_ = 0;
  AddressRange last_device_{0, 0};  // the allocation hit last: a kernel walks few buffers
  std::size_t pending_requests_ = 0;
  std::uint64_t serial_ = 0;
  std::uint64_t unrecorded_ = 0;
  // Sites stay known across blocks and launches; the table maps (site, size, store) to an index.
  std::vector<Site> sites_;
  std::vector<std::int32_t> slots_ = std::vector<std::int32_t>(256, -1);
};

namespace {

WorkerRecorder& this_workers_recorder() {
  thread_local WorkerRecorder* recorder = new WorkerRecorder();  // never destroyed, like the workers
  return *recorder;
}

std::size_t slot_hash(std::uintptr_t site, unsigned size, bool store) {
  return static_cast<std::size_t>((site ^ (std::uintptr_t{size} << 1) ^ (store ? 1u : 0u)) * 0x9E3779B97F4A7C15ull >> 40);
}

}  // namespace

void WorkerRecorder::begin_block(const LaunchSample& sample, std::uint64_t block, unsigned threads,
                                 std::uintptr_t shared_begin, std::size_t shared_bytes) {
  sample_ = &sample;
  block_ = block;
  block_idx_ = unflatten(block, sample.launch->request.grid);
  threads_ = threads;
  shared_begin_ = shared_begin;
  shared_bytes_ = shared_bytes;
  last_device_ = AddressRange{0, 0};
  pending_requests_ = 0;
  serial_ = 0;
  for (Site& s : sites_) {
    s.executions.assign(threads, 0);
    s.warps.resize((threads + kWarpSize - 1) / kWarpSize);
    for (auto& requests : s.warps) requests.clear();
    s.touched = false;
    s.totals = {};
  }
}

WorkerRecorder::Site& WorkerRecorder::find_site(std::uintptr_t site, unsigned size, bool store) {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = slot_hash(site, size, store) & mask;; i = (i + 1) & mask) {
    const std::int32_t index = slots_[i];
    if (index < 0) break;
    Site& s = sites_[static_cast<std::size_t>(index)];
    if (s.site == site && s.size == size && s.store == store) return s;
  }
  // A site not seen before: add it, growing the table to stay at most half full.
  if (2 * (sites_.size() + 1) > slots_.size()) {
    slots_.assign(slots_.size() * 2, -1);
    for (std::size_t k = 0; k < sites_.size(); ++k) {
      std::size_t i = slot_hash(sites_[k].site, sites_[k].size, sites_[k].store) & (slots_.size() - 1);
      while (slots_[i] >= 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = static_cast<std::int32_t>(k);
    }
  }
  std::size_t i = slot_hash(site, size, store) & (slots_.size() - 1);
  while (slots_[i] >= 0) i = (i + 1) & (slots_.size() - 1);
  slots_[i] = static_cast<std::int32_t>(sites_.size());
  Site s{site, size, store, std::vector<std::uint32_t>(threads_, 0), {}, false, {}};
  s.warps.resize((threads_ + kWarpSize - 1) / kWarpSize);
  sites_.push_back(std::move(s));
  return sites_.back();
}

bool WorkerRecorder::in_device_memory(std::uintptr_t address) {
  if (address - last_device_.begin < last_device_.end - last_device_.begin) return true;
  const std::vector<AddressRange>& ranges = sample_->device;
  auto it = std::upper_bound(ranges.begin(), ranges.end(), address,
                             [](std::uintptr_t a, const AddressRange& r) { return a < r.begin; });
  if (it == ranges.begin()) return false;
  --it;
  if (address >= it->end) return false;
  last_device_ = *it;
  return true;
}

void WorkerRecorder::record(std::uintptr_t site, std::uintptr_t address, unsigned size, bool store) {
  Space space;
  if (address - shared_begin_ < shared_bytes_) {
    space = kShared;
  } else if (in_device_memory(address)) {
    space = kGlobal;
  } else {
    return;  // the stack, a thread-local, host memory: no GPU memory access
  }
  Site& s = find_site(site, size, store);
  std::uint32_t& n = s.executions[thread];
  std::vector<PendingRequest>& requests = s.warps[thread / kWarpSize];
  if (n >= requests.size()) {
    if (n > requests.size() || pending_requests_ >= kMaxPendingRequests) {
      ++n;
      ++unrecorded_;
      return;
    }
    requests.emplace_back();
    ++pending_requests_;
  }
  PendingRequest& request = requests[n++];
  const unsigned lane = thread % kWarpSize;
  request.address[lane] = address;
  request.active |= 1u << lane;
  if (space == kShared) request.shared |= 1u << lane;
  s.touched = true;
}

void WorkerRecorder::finish(Site& site, unsigned warp, const PendingRequest& pending) {
  const std::uint64_t serial = serial_++;
  for (Space space : {kGlobal, kShared}) {
    const std::uint32_t lanes = space == kShared ? pending.active & pending.shared : pending.active & ~pending.shared;
    if (lanes == 0) continue;
    WarpRequest request;
    request.address = pending.address;
    request.active = lanes;
    request.size = site.size;
    Totals& totals = site.totals[space];
    const unsigned active = static_cast<unsigned>(__builtin_popcount(lanes));
    unsigned cost = 0;
    if (space == kGlobal) {
      cost = global_sectors(request);
    } else {
      const SharedCost shared = shared_cost(request);
      cost = shared.wavefronts;
      totals.excess += shared.bank_conflicts();
    }
    ++totals.requests;
    totals.threads += active;
    totals.cost += cost;
    const Example candidate{true, active, cost, block_, warp, serial, block_idx_, request};
    if (better(candidate, totals.example)) totals.example = candidate;
  }
}

void WorkerRecorder::end_round() {
  for (Site& s : sites_) {
    if (!s.touched) continue;
    for (unsigned w = 0; w < s.warps.size(); ++w) {
      for (const PendingRequest& pending : s.warps[w]) finish(s, w, pending);
      s.warps[w].clear();
    }
    std::fill(s.executions.begin(), s.executions.end(), 0);
    s.touched = false;
  }
  pending_requests_ = 0;
}

void WorkerRecorder::end_block() {
  ProcessTotals& p = process_totals();
  const std::lock_guard<std::mutex> lock(p.mutex);
  for (Site& s : sites_) {
    for (Space space : {kGlobal, kShared}) {
      Totals& totals = s.totals[space];
      if (totals.requests == 0) continue;
      totals.blocks = 1;
      p.sites[SiteKey{sample_->launch->request.kernel_name, s.site, s.size, s.store, space}].add(totals);
      totals = Totals{};
    }
  }
  p.unrecorded += unrecorded_;
  unrecorded_ = 0;
  block_sampled = false;
}

void record_access_slow(WorkerRecorder& recorder, std::uintptr_t site, std::uintptr_t address, unsigned size,
                        bool store) {
  recorder.record(site, address, size, store);
}

// --- the report ---------------------------------------------------------------------------------------

namespace {

// The most common distance between consecutive active lanes (the first of equally common ones).
std::int64_t most_common_stride(const WarpRequest& r) {
  std::vector<std::pair<std::int64_t, int>> counts;
  for (unsigned lane = 0; lane + 1 < kWarpSize; ++lane) {
    if (!(r.active >> lane & 1u) || !(r.active >> (lane + 1) & 1u)) continue;
    const auto stride = static_cast<std::int64_t>(r.address[lane + 1] - r.address[lane]);
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == stride; });
    if (it == counts.end()) {
      counts.emplace_back(stride, 1);
    } else {
      ++it->second;
    }
  }
  std::int64_t best = 0;
  int most = 0;
  for (const auto& [stride, count] : counts) {
    if (count > most) {
      best = stride;
      most = count;
    }
  }
  return best;
}

AccessExample to_example(const Example& e, Space space) {
  AccessExample out;
  out.block = format_index(e.block_idx);
  out.warp = static_cast<int>(e.warp);
  const WarpRequest& r = e.request;
  std::uint64_t first = 0;
  bool found = false;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(r.active >> lane & 1u)) {
      out.offsets.emplace_back();
      continue;
    }
    if (!found) {
      first = r.address[lane];
      found = true;
    }
    out.offsets.emplace_back(static_cast<std::int64_t>(r.address[lane] - first));
  }
  out.stride = most_common_stride(r);
  (space == kShared ? out.wavefronts : out.sectors) = e.cost;
  return out;
}

// Rewrites the whole report from the totals so far: written next to it, then renamed over it, so that a
// reader never sees half a report. Called with the totals' mutex held.
void write_report(ProcessTotals& p) {
  std::map<std::uintptr_t, SiteLocation>& known = p.locations;
  std::vector<std::uintptr_t> fresh;
  for (const auto& [key, totals] : p.sites) {
    if (!known.count(key.site)) fresh.push_back(key.site);
  }
  std::sort(fresh.begin(), fresh.end());
  fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
  if (!fresh.empty()) {
    const std::vector<SiteLocation> located = locate_sites(fresh, p.student_files);
    for (std::size_t i = 0; i < fresh.size(); ++i) known[fresh[i]] = located[i];
  }

  // Sites on one line and column of one kernel (an unrolled loop, code duplicated by the compiler) are
  // one access for the student.
  using RecordKey = std::tuple<std::string, std::string, int, int, unsigned, bool, unsigned>;
  std::map<RecordKey, Totals> records;
  for (const auto& [key, totals] : p.sites) {
    const SiteLocation& where = known[key.site];
    records[RecordKey{key.kernel, where.file, where.line, where.column, key.space, key.store, key.size}].add(totals);
  }
  std::string text;
  for (const auto& [key, totals] : records) {
    AccessRecord r;
    std::tie(r.kernel, r.file, r.line, r.column, std::ignore, std::ignore, std::ignore) = key;
    const auto space = static_cast<Space>(std::get<4>(key));
    r.space = space == kShared ? "shared" : "global";
    r.kind = std::get<5>(key) ? "store" : "load";
    r.size = static_cast<int>(std::get<6>(key));
    r.blocks = static_cast<long long>(totals.blocks);
    r.requests = static_cast<long long>(totals.requests);
    r.threads = static_cast<long long>(totals.threads);
    if (space == kShared) {
      r.wavefronts = static_cast<long long>(totals.cost);
      r.bank_conflicts = static_cast<long long>(totals.excess);
    } else {
      r.sectors = static_cast<long long>(totals.cost);
    }
    r.example = to_example(totals.example, space);
    text += access_record_to_json_line(r) + "\n";
  }

  const std::string& path = p.report_path;
  const std::string temporary = path + ".partial";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || (write_all(fd, text), ::close(fd) != 0) || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::fprintf(stderr, "kitcpu: cannot write KITCPU_ACCESS_REPORT file %s\n", path.c_str());
  }
  p.last_write = std::chrono::steady_clock::now();
  if (p.unrecorded > 0 && !p.told_unrecorded) {
    p.told_unrecorded = true;
    std::fprintf(stderr,
                 "kitcpu: a block ran more than %zu requests between two barriers; the access statistics leave "
                 "out the later ones\n",
                 kMaxPendingRequests);
  }
}

void write_report_at_exit() {
  ProcessTotals& p = process_totals();
  const std::lock_guard<std::mutex> lock(p.mutex);
  write_report(p);
}

}  // namespace

// --- the hooks ------------------------------------------------------------------------------------------

void access_begin_launch(const LaunchState& launch) {
  const RuntimeConfig& config = runtime_config();
  g_sample = LaunchSample{};
  if (config.access_report_path.empty()) return;
  g_sample.recording = true;
  g_sample.launch = &launch;
  const std::uint64_t count = launch.block_count;
  const std::uint64_t wanted = config.access_blocks;
  g_sample.every_block = wanted == 0 || wanted >= count;
  if (!g_sample.every_block) {
    // Spread evenly over the grid: blocks at the edges (partial tiles) and in the middle.
    for (std::uint64_t i = 0; i < wanted; ++i) {
      g_sample.blocks.push_back(static_cast<std::uint64_t>(static_cast<unsigned __int128>(i) * count / wanted));
    }
  }
  g_sample.device = device_allocation_ranges();
  ProcessTotals& p = process_totals();
  const std::lock_guard<std::mutex> lock(p.mutex);
  const std::string file = launch.request.file;
  if (std::find(p.student_files.begin(), p.student_files.end(), file) == p.student_files.end()) {
    p.student_files.push_back(file);
  }
}

// The report is written when the process exits, and after a launch when the last write is a second
// old, so that a long run killed from outside still leaves most of its statistics. Not after every
// launch: writing a file can cost a short kernel a scheduler tick, and the first write of each site
// runs the symbolizer.
void access_end_launch(const LaunchState&) {
  if (!g_sample.recording) return;
  ProcessTotals& p = process_totals();
  const std::lock_guard<std::mutex> lock(p.mutex);
  if (!p.exit_hook) {
    p.exit_hook = true;
    p.report_path = runtime_config().access_report_path;
    p.last_write = std::chrono::steady_clock::now();
    std::atexit(&write_report_at_exit);
    return;
  }
  if (std::chrono::steady_clock::now() - p.last_write >= std::chrono::seconds(1)) write_report(p);
}

void access_begin_block(const LaunchState& launch, std::uint64_t block, const void* shared_begin,
                        std::size_t shared_bytes) {
  WorkerRecorder& recorder = this_workers_recorder();
  recorder.block_sampled =
      g_sample.recording && (g_sample.every_block || std::binary_search(g_sample.blocks.begin(), g_sample.blocks.end(), block));
  if (!recorder.block_sampled) return;
  recorder.begin_block(g_sample, block, launch.block_threads, reinterpret_cast<std::uintptr_t>(shared_begin),
                       shared_bytes);
}

void access_switch_in(unsigned thread) {
  WorkerRecorder& recorder = this_workers_recorder();
  if (!recorder.block_sampled) return;
  recorder.thread = thread;
  tls_recording = &recorder;
}

void access_switch_out() { tls_recording = nullptr; }

void access_end_round() {
  WorkerRecorder& recorder = this_workers_recorder();
  if (recorder.block_sampled) recorder.end_round();
}

void access_end_block() {
  WorkerRecorder& recorder = this_workers_recorder();
  if (recorder.block_sampled) recorder.end_block();
}

}  // namespace kitcpu::detail
