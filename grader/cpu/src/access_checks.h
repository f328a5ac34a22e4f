// The access flavour's checks (KITCPU_CHECKS=1): every load and store of every block of every launch is
// checked for bugs that a wrong result alone does not explain, and the first one found is a fatal
// diagnostic naming the element, the line and the threads:
//
//   uninitialized-shared-read  a load of __shared__ memory no thread of the block has stored to since the
//                              block started, nor stores before the next barrier ("Mds[0][3] is read
//                              before any thread stored it"): a tile element that is never loaded, such
//                              as a missing zero-fill;
//   missing-barrier            a load of a __shared__ element another thread stored in the same round
//                              (since the last barrier), or one no thread had stored that another thread
//                              stores later in the round: on a GPU the two run in either order, as
//                              without the __syncthreads() between loading a tile and using it (a store
//                              overwriting what another thread still reads is left to ThreadSanitizer);
//   write-conflict             a store to a device-memory element another CUDA thread of the same launch
//                              already stored to: two threads computing one output, such as a thread
//                              outside the matrix that passes no bounds check and lands on another row;
//                              or a store to a shared byte another thread of the block stored in the same
//                              round: two tiles that overlap in one dynamic allocation;
//   input-write                a store to an array the runner named read-only (kitcpu/device_memory.h):
//                              a kernel writing its input.
//
// What they cannot see: a shared element stored earlier in the block and read after the block refilled
// its other elements (a stale tile of an earlier phase) is initialised as far as this check knows, since
// telling that apart from data a block keeps on purpose is not sound; atomics store without conflicting;
// stores are compared in units of their own size (at most 4 bytes), so two overlapping stores of
// different sizes are not compared. Conflicts between blocks are found as well as within one.
//
// The hooks are called next to the access recorder's (access_recorder.h), in the access flavour only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kitcpu::detail {

struct LaunchState;
class WorkerChecker;

// Non-null while a CUDA thread runs on this OS thread and the checks are on.
extern __thread WorkerChecker* tls_checking;

void check_access_slow(WorkerChecker& checker, std::uintptr_t site, std::uintptr_t address, unsigned size, bool store);

// Called for every instrumented load and store; cheap when the checks are off.
inline void check_access(const void* site, const volatile void* address, unsigned size, bool store) {
  if (WorkerChecker* checker = tls_checking) {
    check_access_slow(*checker, reinterpret_cast<std::uintptr_t>(site), reinterpret_cast<std::uintptr_t>(address),
                      size, store);
  }
}

// An atomic operation on `address`: it initialises shared memory and never conflicts.
void check_atomic(const volatile void* address, unsigned size);

void checks_begin_launch(const LaunchState& launch);
void checks_end_launch();
void checks_begin_block(const LaunchState& launch, std::uint64_t block, const void* shared_begin,
                        std::size_t shared_bytes);
void checks_switch_in(unsigned thread);
void checks_switch_out();
void checks_end_round();

}  // namespace kitcpu::detail
