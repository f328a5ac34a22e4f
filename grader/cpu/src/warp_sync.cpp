// The warp-level primitives (kitcpu/warp.h) as rendezvous between the fibers of one warp: a thread
// leaves its part with its fiber and waits; between its passes over the block, the scheduler completes
// every primitive whose named threads have all arrived, computes each thread's result as PTX defines
// it, and lets those threads go on. Nothing here runs unless a kernel calls a primitive.
#include <kitcpu/run_protocol.h>
#include <kitcpu/warp.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "block_runner.h"
#include "diagnostic_sink.h"
#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

constexpr unsigned kLanesPerWarp = 32;
// What a shuffle reads from a lane that takes no part: a NaN as a float (its low half) and as a double,
// 2141562277 as an int, the pattern the grader also gives memory nothing should read.
constexpr std::uint64_t kUndefinedLaneBits = 0x7FFA5A5A7FA5A5A5ull;

const char* op_name(WarpOp op) {
  switch (op) {
    case WarpOp::sync: return "__syncwarp";
    case WarpOp::shfl_idx: return "__shfl_sync";
    case WarpOp::shfl_up: return "__shfl_up_sync";
    case WarpOp::shfl_down: return "__shfl_down_sync";
    case WarpOp::shfl_xor: return "__shfl_xor_sync";
    case WarpOp::ballot: return "__ballot_sync";
    case WarpOp::all: return "__all_sync";
    case WarpOp::any: return "__any_sync";
  }
  return "a warp primitive";
}

std::string mask_text(unsigned mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}

std::string call_text(const WarpArrival& a) {
  return std::string(op_name(a.op)) + "(" + mask_text(a.mask) + ", ...) at " + a.file + ":" + std::to_string(a.line);
}

// The lane a shuffle reads for `lane`, as shfl.sync defines it: `width` splits the warp into segments;
// a source outside the caller's segment (past it, for up/down/xor; any lane of it for idx) falls back
// to the caller's own value, which is what `lane` itself is returned for.
unsigned shuffle_source(WarpOp op, unsigned lane, int argument, int width) {
  const unsigned b = static_cast<unsigned>(argument) & 31u;
  const unsigned segmask = static_cast<unsigned>(32 - width) & 31u;
  const unsigned clamp = op == WarpOp::shfl_up ? 0u : 31u;
  const int max_lane = static_cast<int>((lane & segmask) | (clamp & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  int j = static_cast<int>(lane);
  bool inside = false;
  switch (op) {
    case WarpOp::shfl_up: j = static_cast<int>(lane) - static_cast<int>(b); inside = j >= max_lane; break;
    case WarpOp::shfl_down: j = static_cast<int>(lane + b); inside = j <= max_lane; break;
    case WarpOp::shfl_xor: j = static_cast<int>(lane ^ b); inside = j <= max_lane; break;
    default: j = min_lane | static_cast<int>(b & ~segmask); inside = j <= max_lane; break;
  }
  return inside ? static_cast<unsigned>(j) : lane;
}

constexpr const char* kDivergentWarpHint =
    "a warp primitive inside a condition that splits the warp, e.g. if (threadIdx.x < 16) __syncwarp(): call it "
    "from every thread its mask names, or name in the mask only the threads that take the branch "
    "(__ballot_sync(0xffffffff, condition) computes that mask before the branch)";

}  // namespace

std::uint64_t BlockRunner::warp_collective(WarpOp op, unsigned mask, std::uint64_t value, int lane_argument, int width,
                                           const char* file, int line) {
  Fiber& fiber = running_fiber();
  WarpArrival& a = fiber.warp;
  a.op = op;
  a.mask = mask;
  a.value = value;
  a.argument = lane_argument;
  a.width = width;
  a.file = file;
  a.line = line;
  const unsigned lane = fiber.index % kLanesPerWarp;
  if (((mask >> lane) & 1u) == 0) {
    const LaunchState& launch = *launch_.load(std::memory_order_relaxed);
    Diagnostic d = diagnostic_for_thread(launch, fiber.index);
    d.severity = "error";
    d.category = category::kDivergentBarrier;
    d.file = file;
    d.line = line;
    d.message = "thread " + d.thread + " (lane " + std::to_string(lane) + " of its warp) calls " + call_text(a) +
                " with a mask that leaves out its own lane; the CUDA programming guide makes that undefined";
    d.hint = "the mask names the lanes that take part, the caller included: 0xffffffff for a whole warp, or the "
             "result of __ballot_sync / __activemask() for the lanes inside a branch";
    report_fatal(d);
  }
  fiber.state.store(FiberState::at_warp_sync, std::memory_order_relaxed);
  warp_waiters_.store(warp_waiters_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
#if KITCPU_TSAN
  char* sync = &tsan_warp_sync_[fiber.index / kLanesPerWarp];
  __tsan_release(sync);  // what the lanes stored before the primitive, every lane sees after it
#endif
  suspend(fiber);
#if KITCPU_TSAN
  __tsan_acquire(sync);
#endif
  return a.result;
}

unsigned BlockRunner::active_lanes() const {
  const LaunchState& launch = *launch_.load(std::memory_order_relaxed);
  const unsigned base = running_fiber().index / kLanesPerWarp * kLanesPerWarp;
  unsigned lanes = 0;
  for (unsigned lane = 0; lane < kLanesPerWarp && base + lane < launch.block_threads; ++lane) {
    const Fiber& f = fibers_[base + lane];
    const bool returned = f.state.load(std::memory_order_relaxed) == FiberState::exited &&
                          !f.finished_kernel.load(std::memory_order_relaxed);
    if (!returned) lanes |= 1u << lane;
  }
  return lanes;
}

void BlockRunner::complete_warp_group(unsigned base, unsigned group) {
  std::uint64_t values[kLanesPerWarp] = {};
  unsigned arrived = 0;
  for (unsigned lane = 0; lane < kLanesPerWarp; ++lane) {
    if (((group >> lane) & 1u) == 0) continue;
    const Fiber& f = fibers_[base + lane];
    if (f.state.load(std::memory_order_relaxed) != FiberState::at_warp_sync) continue;  // returned early
    arrived |= 1u << lane;
    values[lane] = f.warp.value;
  }
  unsigned votes = 0;
  for (unsigned lane = 0; lane < kLanesPerWarp; ++lane)
    if (((arrived >> lane) & 1u) != 0 && values[lane] != 0) votes |= 1u << lane;
  for (unsigned lane = 0; lane < kLanesPerWarp; ++lane) {
    if (((arrived >> lane) & 1u) == 0) continue;
    Fiber& f = fibers_[base + lane];
    WarpArrival& a = f.warp;
    switch (a.op) {
      case WarpOp::sync: a.result = 0; break;
      case WarpOp::ballot: a.result = votes; break;
      case WarpOp::all: a.result = votes == arrived ? 1 : 0; break;
      case WarpOp::any: a.result = votes != 0 ? 1 : 0; break;
      default: {
        // A source lane that takes no part (left out of the mask, or returned from the kernel) gives an
        // undefined value on a GPU: here a NaN (as f32 and f64; a huge int), with a warning, so that a
        // result built on it is wrong as it would be on a GPU by chance.
        const unsigned source = shuffle_source(a.op, lane, a.argument, a.width);
        if (source == lane || ((arrived >> source) & 1u) != 0) {
          a.result = values[source];
        } else {
          a.result = kUndefinedLaneBits;
          warn_exited_lane_read(base + lane, base + source);
        }
      }
    }
    f.state.store(FiberState::ready, std::memory_order_relaxed);
    warp_waiters_.store(warp_waiters_.load(std::memory_order_relaxed) - 1, std::memory_order_relaxed);
  }
}

int BlockRunner::lane_awaited(const LaunchState& launch, const Fiber& f) const {
  const unsigned base = f.index / kLanesPerWarp * kLanesPerWarp;
  const unsigned lanes = std::min(kLanesPerWarp, launch.block_threads - base);
  const unsigned existing = lanes == kLanesPerWarp ? ~0u : (1u << lanes) - 1u;
  const unsigned group = f.warp.mask & existing;
  for (unsigned other = 0; other < lanes; ++other) {
    if (((group >> other) & 1u) == 0) continue;
    const Fiber& g = fibers_[base + other];
    const FiberState state = g.state.load(std::memory_order_relaxed);
    // A thread that returned from the kernel has exited, as on a GPU; one that ran to the end of the
    // kernel without the primitive diverged.
    if (state == FiberState::exited && !g.finished_kernel.load(std::memory_order_relaxed)) continue;
    if (state == FiberState::at_warp_sync && g.warp.op == f.warp.op && (g.warp.mask & existing) == group) continue;
    return static_cast<int>(other);
  }
  return -1;
}

void BlockRunner::run_completed_warp(const LaunchState& launch, unsigned index) {
  const unsigned base = index / kLanesPerWarp * kLanesPerWarp;
  const unsigned lanes = std::min(kLanesPerWarp, launch.block_threads - base);
  const unsigned existing = lanes == kLanesPerWarp ? ~0u : (1u << lanes) - 1u;
  for (;;) {
    // The scheduler's reads of what the fibers left are its bookkeeping, not the kernel's accesses
    // (release_warps); the lanes it runs on are the kernel's again.
#if KITCPU_TSAN
    __tsan_ignore_thread_begin();
#endif
    const Fiber& f = fibers_[index];
    const bool completes = f.state.load(std::memory_order_relaxed) == FiberState::at_warp_sync && lane_awaited(launch, f) < 0;
    const unsigned group = f.warp.mask & existing;
    if (completes) complete_warp_group(base, group);
#if KITCPU_TSAN
    __tsan_ignore_thread_end();
#endif
    if (!completes) return;
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Fiber& g = fibers_[base + lane];
      if (((group >> lane) & 1u) == 0 || g.state.load(std::memory_order_relaxed) != FiberState::ready) continue;
      g.ran_ahead_in_pass = pass_;
      resume(g);
    }
  }
}

void BlockRunner::warn_exited_lane_read(unsigned thread, unsigned source) const {
  LaunchState& launch = *launch_.load(std::memory_order_relaxed);
  if (launch.exited_lane_read_reported.exchange(true)) return;
  const Fiber& f = fibers_[thread];
  const Fiber& g = fibers_[source];
  Diagnostic d = diagnostic_for_thread(launch, thread);
  d.severity = "warning";
  d.category = "shuffle-reads-absent-lane";
  d.file = f.warp.file;
  d.line = f.warp.line;
  const bool returned = g.state.load(std::memory_order_relaxed) == FiberState::exited;
  d.message = "thread " + d.thread + " (lane " + std::to_string(thread % kLanesPerWarp) + ") calls " + call_text(f.warp) +
              " and reads lane " + std::to_string(source % kLanesPerWarp) + ", which " +
              (returned ? "returned from the kernel" : "its mask leaves out") +
              ": on a GPU the value is undefined; here it reads as NaN (reported once per launch)";
  d.hint = "keep every lane a shuffle reads alive until the shuffle: replace an early return by a test around "
           "the loads and stores, and name in the mask only lanes that take part";
  report_diagnostic(d);
}

void BlockRunner::release_warps(const LaunchState& launch) {
#if KITCPU_TSAN
  // The scheduler reads what the fibers left, and writes their results, before resuming them: the
  // runtime's bookkeeping, not the kernel's accesses.
  __tsan_ignore_thread_begin();
#endif
  bool released = false;
  int waiting = -1;  // the first thread that cannot go on, and the lane it waits for
  int missing = -1;
  for (unsigned base = 0; base < launch.block_threads; base += kLanesPerWarp) {
    const unsigned lanes = std::min(kLanesPerWarp, launch.block_threads - base);
    const unsigned existing = lanes == kLanesPerWarp ? ~0u : (1u << lanes) - 1u;
    for (unsigned lane = 0; lane < lanes; ++lane) {
      const Fiber& f = fibers_[base + lane];
      if (f.state.load(std::memory_order_relaxed) != FiberState::at_warp_sync) continue;
      const unsigned group = f.warp.mask & existing;
      const int absent = lane_awaited(launch, f);
      if (absent < 0) {
        complete_warp_group(base, group);
        released = true;
      } else if (waiting < 0) {
        waiting = static_cast<int>(base + lane);
        missing = static_cast<int>(base) + absent;
      }
    }
  }
#if KITCPU_TSAN
  __tsan_ignore_thread_end();
#endif
  if (!released) report_warp_divergence(launch, static_cast<unsigned>(waiting), static_cast<unsigned>(missing));
}

void BlockRunner::report_warp_divergence(const LaunchState& launch, unsigned waiting, unsigned missing) const {
  const Fiber& f = fibers_[waiting];
  const Fiber& g = fibers_[missing];
  Diagnostic d = diagnostic_for_thread(launch, waiting);
  d.severity = "error";
  d.category = category::kDivergentBarrier;
  d.file = f.warp.file;
  d.line = f.warp.line;
  d.hint = kDivergentWarpHint;
  const std::string other = "thread " + format_index(g.thread_idx) + " (lane " + std::to_string(missing % kLanesPerWarp) + ")";
  std::string where;
  switch (g.state.load(std::memory_order_relaxed)) {
    case FiberState::at_barrier: {
      const BarrierSite* site = g.barrier.load(std::memory_order_relaxed);
      where = "waits at __syncthreads() at " + std::string(site->file) + ":" + std::to_string(site->line);
      break;
    }
    case FiberState::at_warp_sync: where = "waits at " + call_text(g.warp) + " instead"; break;
    default: where = "reached the end of the kernel without calling it"; break;
  }
  d.message = "thread " + d.thread + " waits at " + call_text(f.warp) + " for every lane its mask names, but " +
              other + " of the same warp " + where + "; on a GPU the warp hangs or computes garbage";
  report_fatal(d);
}

// The entry points of kitcpu/warp.h. Outside a kernel there is no warp: a primitive returns what a
// warp of one thread would.

std::uint64_t warp_collective(WarpOp op, unsigned mask, std::uint64_t value, int lane_argument, int width,
                              const char* file, int line) {
  if (BlockRunner* runner = tls_context.runner) return runner->warp_collective(op, mask, value, lane_argument, width, file, line);
  switch (op) {
    case WarpOp::ballot: return value != 0 ? 1 : 0;
    case WarpOp::all:
    case WarpOp::any: return value != 0 ? 1 : 0;
    case WarpOp::sync: return 0;
    default: return value;
  }
}

unsigned active_lanes() {
  BlockRunner* runner = tls_context.runner;
  return runner != nullptr ? runner->active_lanes() : 1u;
}

}  // namespace kitcpu::detail
