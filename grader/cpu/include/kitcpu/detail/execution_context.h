// What the code of a kernel needs to know about the CUDA thread it is running as, kept per worker
// thread and updated by the scheduler at every switch between CUDA threads (fibers).
//
// A block never leaves the worker thread that started it, so thread-local storage is per block. The
// index of the running CUDA thread is an atomic pointer only to tell ThreadSanitizer that the scheduler
// and the fibers touch it on purpose; a relaxed atomic load is a plain load on every target we build for.
#pragma once

#include <atomic>
#include <cstddef>

#include <kitcpu/vector_types.h>

namespace kitcpu::detail {

class BlockRunner;

// Where a __syncthreads() call is in the source. Each call site has its own static instance, so two
// threads wait at the same barrier exactly when they hold the same pointer, even for two calls on
// one line.
struct BarrierSite {
  const char* file;
  int line;
};

inline constexpr uint3 kHostThreadIndex{0, 0, 0};

struct ExecutionContext {
  std::atomic<const uint3*> thread_idx{&kHostThreadIndex};
  uint3 block_idx{0, 0, 0};
  dim3 block_dim{0, 0, 0};
  dim3 grid_dim{0, 0, 0};
  unsigned char* dynamic_shared = nullptr;
  // The running block touched an extern __shared__ array: a fault in shared memory then may be a launch
  // without the bytes; in a kernel of static arrays only, it is an index. Atomic, as thread_idx is, only so
  // that ThreadSanitizer sees the block's fibers write it on purpose.
  std::atomic<bool> dynamic_shared_used{false};
  BlockRunner* runner = nullptr;  // set while this worker thread runs a block
};

inline thread_local ExecutionContext tls_context;

inline const uint3& thread_index() { return *tls_context.thread_idx.load(std::memory_order_relaxed); }
inline const uint3& block_index() { return tls_context.block_idx; }
inline const dim3& block_dimensions() { return tls_context.block_dim; }
inline const dim3& grid_dimensions() { return tls_context.grid_dim; }

// Barriers, implemented by the scheduler (block_runner.cpp): the calling CUDA thread waits until every
// thread of its block that has not exited reaches the same call site.
void sync_threads(const BarrierSite* site);
int sync_threads_count(const BarrierSite* site, int predicate);

// Called by the line the rewriter adds before the closing brace of every __global__ function: a thread
// that gets there finished the kernel normally, which tells a divergent barrier from an early return.
void end_of_kernel_body();

}  // namespace kitcpu::detail

#define threadIdx (::kitcpu::detail::thread_index())
#define blockIdx (::kitcpu::detail::block_index())
#define blockDim (::kitcpu::detail::block_dimensions())
#define gridDim (::kitcpu::detail::grid_dimensions())

// warpSize is a variable in CUDA, not a macro: `prop.warpSize` must still name the struct field.
inline constexpr int warpSize = 32;

// Each expansion makes its own lambda, hence its own static BarrierSite: the identity of the call site.
#define KITCPU_BARRIER_SITE()                                                      \
  ([]() -> const ::kitcpu::detail::BarrierSite* {                                  \
    static constexpr ::kitcpu::detail::BarrierSite kitcpu_site{__FILE__, __LINE__}; \
    return &kitcpu_site;                                                           \
  }())

#define __syncthreads() ::kitcpu::detail::sync_threads(KITCPU_BARRIER_SITE())
#define __syncthreads_count(predicate) \
  ::kitcpu::detail::sync_threads_count(KITCPU_BARRIER_SITE(), (predicate) ? 1 : 0)
#define __syncthreads_and(predicate) \
  (::kitcpu::detail::sync_threads_count(KITCPU_BARRIER_SITE(), (predicate) ? 0 : 1) == 0)
#define __syncthreads_or(predicate) \
  (::kitcpu::detail::sync_threads_count(KITCPU_BARRIER_SITE(), (predicate) ? 1 : 0) != 0)
