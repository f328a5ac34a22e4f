// The access flavour's recorder: groups the loads and stores of the CUDA threads of sampled blocks into
// warp-wide requests, counts what each costs (access_counting.h), and writes the totals per kernel and
// source location to KITCPU_ACCESS_REPORT (include/kitcpu/access_report.h) at exit.
//
// The student's file is compiled with ThreadSanitizer's instrumentation but linked without its runtime:
// tsan_entry_points.cpp defines the __tsan_* functions the compiler calls before every load and store,
// and they hand the address to record_access. Only accesses made while a CUDA thread of a sampled block
// runs are kept, and of those only the ones that fall in the block's shared memory or in memory from
// cudaMalloc; the stack, thread-locals and host memory are ignored.
//
// Requests: a warp is 32 consecutive linear thread ids of a block. The n-th execution of one access
// site (the call's return address) by each thread of a warp since the last barrier belongs to the
// warp's n-th request at that site. Threads run one after another, so lanes that diverged and executed
// a site a different number of times pair up differently than on a GPU; requests never span a barrier.
//
// The hooks below are called by the scheduler (block_runner.cpp) and the launch (launch.cpp), in the
// access flavour only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kitcpu::detail {

struct LaunchState;
class WorkerRecorder;

// Non-null while a CUDA thread of a sampled block runs on this OS thread. `__thread`, not thread_local:
// it is constant-initialised, so the compiler reads it directly instead of through a wrapper function.
extern __thread WorkerRecorder* tls_recording;

void record_access_slow(WorkerRecorder& recorder, std::uintptr_t site, std::uintptr_t address, unsigned size,
                        bool store);

// Called for every instrumented load and store of the student's file; cheap when not recording.
inline void record_access(const void* site, const volatile void* address, unsigned size, bool store) {
  if (WorkerRecorder* recorder = tls_recording) {
    record_access_slow(*recorder, reinterpret_cast<std::uintptr_t>(site), reinterpret_cast<std::uintptr_t>(address),
                       size, store);
  }
}

// The launching thread, around running all blocks.
void access_begin_launch(const LaunchState& launch);
void access_end_launch(const LaunchState& launch);

// A worker, around each block and each round; `shared_begin`/`shared_bytes`: the block's shared arena.
void access_begin_block(const LaunchState& launch, std::uint64_t block, const void* shared_begin,
                        std::size_t shared_bytes);
void access_switch_in(unsigned thread);  // before resuming the fiber of linear thread id `thread`
void access_switch_out();                // after it suspended
void access_end_round();                 // every thread waits at a barrier or has exited
void access_end_block();

}  // namespace kitcpu::detail
