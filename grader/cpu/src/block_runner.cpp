#include "block_runner.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>

#include <kitcpu/run_protocol.h>
#include <kitcpu/virtual_device.h>

#include "access_checks.h"
#include "access_recorder.h"
#include "diagnostic_sink.h"
#include "fault_handlers.h"
#include "runtime_config.h"
#include "sanitizer_support.h"

namespace kitcpu::detail {

namespace bctx = boost::context::detail;

namespace {

std::mutex& running_blocks_mutex() {
  static auto* m = new std::mutex();  // never destroyed, like the runners it guards
  return *m;
}

std::vector<BlockRunner*>& running_blocks() {
  static auto* runners = new std::vector<BlockRunner*>();  // never destroyed: workers outlive statics
  return *runners;
}

constexpr const char* kDivergenceHint =
    "__syncthreads() inside a condition that is not the same for every thread of the block, e.g. "
    "if (Row < Width && Col < Width): keep the barrier outside the condition and guard only the loads and "
    "stores";

constexpr const char* kEarlyExitHint =
    "an early return such as if (Row >= Width || Col >= Width) return; before a __syncthreads(): keep every "
    "thread until the last barrier and guard its loads and stores instead (in a tiled matmul, load 0 for "
    "elements outside the matrix and guard only the final store)";

std::string where(const BarrierSite* site) { return std::string(site->file) + ":" + std::to_string(site->line); }

}  // namespace

BlockRunner& BlockRunner::for_this_thread() {
  thread_local BlockRunner* runner = nullptr;
  if (runner == nullptr) {
    runner = new BlockRunner();
    const std::lock_guard<std::mutex> lock(running_blocks_mutex());
    running_blocks().push_back(runner);
  }
  return *runner;
}

std::vector<BlockRunner*> BlockRunner::all() {
  const std::lock_guard<std::mutex> lock(running_blocks_mutex());
  return running_blocks();
}

BlockRunner::BlockRunner()
    : os_thread_(pthread_self()),
      fibers_(static_cast<Fiber*>(::operator new(sizeof(Fiber) * largest_threads_per_block(),
                                                 std::align_val_t{alignof(Fiber)}))),
      order_(runtime_config().order) {
  prepare_thread_for_faults();
#if KITCPU_TSAN
  tsan_scheduler_ = __tsan_get_current_fiber();
#endif
}

void BlockRunner::ensure_fibers(unsigned count) {
  const unsigned existing = fiber_count_.load(std::memory_order_relaxed);
  if (existing >= count) return;
  const std::lock_guard<std::mutex> lock(fibers_mutex_);
  for (unsigned index = existing; index < count; ++index) {
    Fiber* fiber = new (&fibers_[index]) Fiber(this, index, fiber_stack_size());
    // Stagger the stack tops so that the hot frames of neighbouring threads do not all fall into the
    // same cache sets.
    const std::size_t stagger = 64 * (index % 32);
    fiber->context = bctx::make_fcontext(static_cast<char*>(fiber->stack.top()) - stagger,
                                         fiber->stack.size() - stagger, &BlockRunner::fiber_main);
#if KITCPU_TSAN
    fiber->tsan_fiber = __tsan_create_fiber(0);
#endif
  }
  fiber_count_.store(count, std::memory_order_relaxed);
}

// Scheduler -> fiber. ThreadSanitizer is told to synchronise here, so that what the host wrote before
// the launch is visible to every CUDA thread; the way back carries no synchronisation, so that two
// threads of a block are ordered only by the barriers between them.
void BlockRunner::resume(Fiber& fiber) {
  tls_context.thread_idx.store(&fiber.thread_idx, std::memory_order_relaxed);
  running_.store(static_cast<int>(fiber.index), std::memory_order_relaxed);
  // Read before telling the sanitizers: from then on they account accesses to the other side.
  const bctx::fcontext_t target = fiber.context;
#if KITCPU_ASAN
  __sanitizer_start_switch_fiber(&asan_scheduler_fake_stack_, fiber.stack.bottom(), fiber.stack.size());
#endif
#if KITCPU_TSAN
  __tsan_switch_to_fiber(fiber.tsan_fiber, 0);
#endif
#if KITCPU_ACCESS
  access_switch_in(fiber.index);
  checks_switch_in(fiber.index);
#endif
  fiber.context = bctx::jump_fcontext(target, &fiber).fctx;
#if KITCPU_ACCESS
  access_switch_out();
  checks_switch_out();
#endif
#if KITCPU_ASAN
  __sanitizer_finish_switch_fiber(asan_scheduler_fake_stack_, nullptr, nullptr);
#endif
  running_.store(-1, std::memory_order_relaxed);
}

// Fiber -> scheduler.
void BlockRunner::suspend(Fiber& fiber) {
  const bctx::fcontext_t target = fiber.return_context;
#if KITCPU_ASAN
  __sanitizer_start_switch_fiber(&fiber.asan_fake_stack, asan_scheduler_bottom_, asan_scheduler_size_);
#endif
#if KITCPU_TSAN
  __tsan_switch_to_fiber(tsan_scheduler_, __tsan_switch_to_fiber_no_sync);
#endif
  fiber.return_context = bctx::jump_fcontext(target, nullptr).fctx;
#if KITCPU_ASAN
  __sanitizer_finish_switch_fiber(fiber.asan_fake_stack, &asan_scheduler_bottom_, &asan_scheduler_size_);
#endif
}

void BlockRunner::fiber_main(bctx::transfer_t transfer) {
  Fiber& fiber = *static_cast<Fiber*>(transfer.data);
  fiber.return_context = transfer.fctx;
  BlockRunner& runner = *fiber.runner;
#if KITCPU_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &runner.asan_scheduler_bottom_, &runner.asan_scheduler_size_);
#endif
  for (;;) {
    runner.run_kernel_on(fiber);
#if KITCPU_TSAN
    __tsan_release(&runner.tsan_exit_sync_);  // the host, after the launch, sees this thread's writes
#endif
    fiber.state.store(FiberState::exited, std::memory_order_relaxed);
    runner.tally_.exit(static_cast<int>(fiber.index), fiber.finished_kernel.load(std::memory_order_relaxed));
    runner.suspend(fiber);
  }
}

void BlockRunner::run_kernel_on(Fiber& fiber) {
  const LaunchState& launch = *launch_.load(std::memory_order_relaxed);
  // An exception must not unwind past the fiber's first frame, where there is nothing to return to.
  std::string what;
  try {
    launch.request.thunk(launch.request.call);
    return;
  } catch (const std::exception& e) {
    what = std::string(": ") + e.what();
  } catch (...) {
  }
  Diagnostic d = diagnostic_for_thread(launch, fiber.index);
  d.severity = "error";
  d.category = "exception";
  d.file = launch.request.file;
  d.message = "a C++ exception escaped the kernel" + what;
  d.hint = "host-only code (a std::vector, a library call that throws) used inside a kernel";
  report_fatal(d);
}

void BlockRunner::prepare_block(LaunchState& launch, std::uint64_t block) {
  const LaunchRequest& request = launch.request;
  const unsigned n = launch.block_threads;
  ensure_fibers(n);
  launch_.store(&launch, std::memory_order_relaxed);
  block_idx_ = unflatten(block, request.grid);
  tls_context.block_idx = block_idx_;
  tls_context.block_dim = request.block;
  tls_context.grid_dim = request.grid;
  for (unsigned i = 0; i < n; ++i) {
    Fiber& fiber = fibers_[i];
    fiber.thread_idx = unflatten(i, request.block);
    fiber.state.store(FiberState::ready, std::memory_order_relaxed);
    fiber.finished_kernel.store(false, std::memory_order_relaxed);
#if KITCPU_TSAN
    // The sanitizer-report parser reads block and thread from this name.
    std::snprintf(fiber.tsan_name, sizeof fiber.tsan_name, "block %s thread %s", format_index(block_idx_).c_str(),
                  format_index(fiber.thread_idx).c_str());
    __tsan_set_fiber_name(fiber.tsan_fiber, fiber.tsan_name);
#endif
  }
  tls_context.dynamic_shared = arena_.begin_block(request.dynamic_shared_bytes);
  tls_context.dynamic_shared_used.store(false, std::memory_order_relaxed);
#if KITCPU_ACCESS
  access_begin_block(launch, block, arena_.base(), arena_.capacity());
  checks_begin_block(launch, block, arena_.base(), arena_.capacity());
#endif
  order_.begin_block(n, block);
  tally_.begin_block();
  warp_waiters_.store(0, std::memory_order_relaxed);
  tls_context.runner = this;
  block_.store(block, std::memory_order_relaxed);
}

void BlockRunner::run_rounds(LaunchState& launch) {
  for (;;) {
    const std::vector<unsigned>& order = order_.next_round();
    ++pass_;
    for (unsigned i : order) {
      Fiber& fiber = fibers_[i];
      // A thread its warp already ran on in this pass has had its turn.
      if (fiber.state.load(std::memory_order_relaxed) != FiberState::exited && fiber.ran_ahead_in_pass != pass_)
        resume(fiber);
      // A warp's primitive completes as soon as its lanes are there, and the warp goes on before the
      // threads after it: __syncwarp orders one warp, not the block, and used where a __syncthreads()
      // belongs it lets this warp read what later warps have not written yet, as a GPU may.
      if (warp_waiters_.load(std::memory_order_relaxed) > 0) run_completed_warp(launch, i);
    }
    // Threads at a warp primitive go on, in the same order, once their warp's primitive completes; the
    // round ends only when every thread waits at a __syncthreads() or has exited.
    while (warp_waiters_.load(std::memory_order_relaxed) > 0) {
      release_warps(launch);
      for (unsigned i : order) {
        Fiber& fiber = fibers_[i];
        if (fiber.state.load(std::memory_order_relaxed) == FiberState::ready) resume(fiber);
      }
    }
#if KITCPU_ACCESS
    access_end_round();  // requests never span a barrier
    checks_end_round();
#endif
    const RoundVerdict verdict = judge_round(tally_);
    if (verdict.kind == RoundVerdict::Kind::block_finished) return;
    if (verdict.kind != RoundVerdict::Kind::barrier_opens) report_divergence(launch, verdict);
    if (verdict.early_exit) warn_early_exit(launch);
    barrier_count_.store(tally_.predicate_sum(), std::memory_order_relaxed);
    barrier_generation_.store(barrier_generation_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    tally_.open_barrier();
  }
}

void BlockRunner::run_block(LaunchState& launch, std::uint64_t block) {
  prepare_block(launch, block);
  run_rounds(launch);
#if KITCPU_ACCESS
  access_end_block();
#endif
#if KITCPU_TSAN
  // The next block on this worker reuses this one's shared memory and fibers; blocks on one SM are
  // ordered like this on a GPU too. Races between blocks on different workers stay visible.
  __tsan_acquire(&tsan_exit_sync_);
#endif
  tls_context.runner = nullptr;
  tls_context.thread_idx.store(&kHostThreadIndex, std::memory_order_relaxed);  // host code reads (0,0,0)
  block_.store(kIdle, std::memory_order_relaxed);
}

int BlockRunner::wait_at_barrier(const BarrierSite* site, int predicate) {
  Fiber& fiber = running_fiber();
  fiber.barrier.store(site, std::memory_order_relaxed);
  fiber.state.store(FiberState::at_barrier, std::memory_order_relaxed);
  tally_.arrive(site, static_cast<int>(fiber.index), predicate);
#if KITCPU_TSAN
  // All arrivals release into one object before any thread leaves: leaving acquires them all.
  char* sync = &tsan_barrier_sync_[barrier_generation_.load(std::memory_order_relaxed) & 1];
  __tsan_release(sync);
#endif
  suspend(fiber);
#if KITCPU_TSAN
  __tsan_acquire(sync);
#endif
  fiber.state.store(FiberState::ready, std::memory_order_relaxed);
  return barrier_count_.load(std::memory_order_relaxed);
}

void BlockRunner::note_kernel_end() { running_fiber().finished_kernel.store(true, std::memory_order_relaxed); }

void* BlockRunner::shared_storage(const SharedDeclaration* key, std::size_t size, std::size_t alignment) {
#if KITCPU_TSAN
  // The arena's table and the poisoning are the runtime's, not the CUDA thread's, accesses.
  __tsan_ignore_thread_begin();
#endif
  void* storage = arena_.static_storage(key, size, alignment);
#if KITCPU_TSAN
  __tsan_ignore_thread_end();
#endif
  if (storage == nullptr) {
    const LaunchState& launch = *launch_.load(std::memory_order_relaxed);
    Diagnostic d = diagnostic_for_thread(launch, running_fiber().index);
    d.severity = "error";
    d.category = "shared-memory-limit";
    d.file = launch.request.file;
    const VirtualDevice& device = current_virtual_device();
    d.message = "the block needs more than the " + std::to_string(device.shared_memory_per_block) +
                " bytes of shared memory a block may use" +
                (&device == &kDefaultVirtualDevice ? std::string() : std::string(" on this device (") + device.key + ")") +
                ": " + std::to_string(arena_.static_bytes()) +
                " bytes of __shared__ arrays so far, " + std::to_string(arena_.dynamic_bytes()) +
                " bytes of dynamic shared memory, and " + std::to_string(size) + " more requested";
    const std::size_t wanted = arena_.static_bytes() + arena_.dynamic_bytes() + size;
    d.hint = &device != &kDefaultVirtualDevice && wanted <= kDefaultVirtualDevice.shared_memory_per_block
                 ? "this device has less shared memory per block than the code assumes: size the tiles from "
                   "cudaGetDeviceProperties (sharedMemPerBlock) and allocate them with extern __shared__ and the "
                   "launch's third value, instead of fixing them at compile time"
                 : "tiles sized from the problem instead of from a constant like TILE_WIDTH, or dynamic shared "
                   "memory sized in elements instead of bytes";
    report_fatal(d);
  }
  return storage;
}

Diagnostic BlockRunner::diagnostic_for_thread(const LaunchState& launch, std::size_t thread) const {
  Diagnostic d;
  d.kernel = launch.request.kernel_name;
  d.launch_site = launch.launch_site;
  d.block = format_index(block_idx_);
  d.thread = format_index(fibers_[thread].thread_idx);
  return d;
}

bool BlockRunner::describe_running_thread(Diagnostic& d) const {
  const LaunchState* launch = launch_.load(std::memory_order_relaxed);
  const int running = running_.load(std::memory_order_relaxed);
  if (launch == nullptr || running < 0) return false;
  const Diagnostic context = diagnostic_for_thread(*launch, static_cast<std::size_t>(running));
  d.kernel = context.kernel;
  d.launch_site = context.launch_site;
  d.block = context.block;
  d.thread = context.thread;
  return true;
}

void BlockRunner::report_divergence(const LaunchState& launch, const RoundVerdict& v) const {
  const BarrierSite* site = tally_.site();
  Diagnostic d = diagnostic_for_thread(launch, static_cast<std::size_t>(tally_.first_waiter()));
  d.severity = "error";
  d.category = category::kDivergentBarrier;
  d.file = site->file;
  d.line = site->line;
  d.hint = kDivergenceHint;
  const std::string waiting = "thread " + d.thread + " waits at __syncthreads() at " + where(site);
  const int other_thread = v.kind == RoundVerdict::Kind::different_barriers ? tally_.first_elsewhere() : tally_.first_finished();
  const std::string other = "thread " + format_index(fibers_[static_cast<std::size_t>(other_thread)].thread_idx);
  if (v.kind == RoundVerdict::Kind::different_barriers) {
    const BarrierSite* other_site = tally_.elsewhere_site();
    d.message = waiting + " while " + other + " of the same block waits at " +
                (other_site->line == site->line && other_site->file == site->file
                     ? std::string("another __syncthreads() on the same line")
                     : "the __syncthreads() at " + where(other_site)) +
                "; a barrier opens only when every thread of the block reaches the same __syncthreads()";
  } else {
    d.message = waiting + " while " + other +
                " of the same block reached the end of the kernel without it; every thread of the block "
                "must reach each __syncthreads()";
  }
  report_fatal(d);
}

void BlockRunner::warn_early_exit(LaunchState& launch) const {
  if (launch.early_exit_reported.exchange(true)) return;
  const BarrierSite* site = tally_.site();
  Diagnostic d = diagnostic_for_thread(launch, static_cast<std::size_t>(tally_.first_exited()));
  d.severity = "warning";
  d.category = "early-exit-before-barrier";
  d.file = site->file;
  d.line = site->line;
  d.message = "thread " + d.thread + " returned before the __syncthreads() at " + where(site) + ", where " +
              std::to_string(tally_.arrived()) + " thread(s) of the block wait (" + std::to_string(tally_.exited()) +
              " returned); the barrier opens without them, as on NVIDIA GPUs, but the CUDA programming guide "
              "requires every thread of a block to reach each __syncthreads() (reported once per launch)";
  d.hint = kEarlyExitHint;
  report_diagnostic(d);
}

BlockRunner::Observation BlockRunner::observe() const {
  Observation o;
  const std::lock_guard<std::mutex> lock(fibers_mutex_);
  o.launch = launch_.load(std::memory_order_relaxed);
  o.block = block_.load(std::memory_order_relaxed);
  o.running = running_.load(std::memory_order_relaxed);
  if (o.launch == nullptr || o.block == kIdle) return o;
  const std::size_t n = std::min<std::size_t>(o.launch->block_threads, fiber_count_.load(std::memory_order_relaxed));
  for (std::size_t i = 0; i < n; ++i) {
    const Fiber& fiber = fibers_[i];
    o.threads.push_back(ThreadObservation{static_cast<unsigned>(i), fiber.state.load(std::memory_order_relaxed),
                                          fiber.barrier.load(std::memory_order_relaxed)});
  }
  return o;
}

const Fiber* BlockRunner::fiber_with_guard_at(const void* address) const {
  for (unsigned i = 0; i < fiber_count_.load(std::memory_order_relaxed); ++i) {
    if (fibers_[i].stack.guard_contains(address)) return &fibers_[i];
  }
  return nullptr;
}

// The entry points the kernel's code calls (execution_context.h, shared_memory.h).

void sync_threads(const BarrierSite* site) {
  if (BlockRunner* runner = tls_context.runner) runner->wait_at_barrier(site, 0);
}

int sync_threads_count(const BarrierSite* site, int predicate) {
  BlockRunner* runner = tls_context.runner;
  return runner != nullptr ? runner->wait_at_barrier(site, predicate) : predicate;
}

void end_of_kernel_body() {
  if (BlockRunner* runner = tls_context.runner) runner->note_kernel_end();
}

void* block_shared_storage(const SharedDeclaration* key, std::size_t size, std::size_t alignment) {
  BlockRunner* runner = tls_context.runner;
  if (runner == nullptr) {
    Diagnostic d;
    d.severity = "error";
    d.category = "unsupported";
    d.message = "a __shared__ variable was declared by host code, outside any kernel";
    d.hint = "a __device__ function with __shared__ variables called from the host";
    report_fatal(d);
  }
  return runner->shared_storage(key, size, alignment);
}

bool describe_current_cuda_thread(Diagnostic& diagnostic) {
  BlockRunner* runner = tls_context.runner;
  return runner != nullptr && runner->describe_running_thread(diagnostic);
}

}  // namespace kitcpu::detail
