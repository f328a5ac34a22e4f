// Memory the runner maps itself and hands to the CPU backend as device memory.
//
// The grader's runner can map memory the grader controls (a memfd it shares with the grader) and give
// the student's code pointers into it, as it would give cudaMalloc'ed pointers. Adopted memory is then
// device memory for the backend: host code cannot touch it outside kernels and the runtime's copies
// (its pages are PROT_NONE between them; a host access is the fatal diagnostic
// host-access-to-device-memory), cudaMemcpy's direction checks count it as device memory, and the
// record of runtime calls (kitcpu/runtime_calls.h) names it as adopted region N, the lowest number no
// other adopted region holds (a runner that releases one case's arena before adopting the next names
// every arena region 0). Include this header directly: kitcpu.h and the cuda_runtime.h shim do not.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace kitcpu {

// Adopts [base, base + bytes), whole pages: `base` must be page-aligned and the mapping readable and
// writable. Returns the region's id (the lowest no live adopted region holds: 0 for the first), or -1
// when refused (null, unaligned, empty, overlapping device memory the backend already knows, or
// mprotect failed).
int adopt_device_memory(void* base, std::size_t bytes);

// Hands the region starting at `base` back to host code: readable and writable again, no longer device
// memory, and the arrays named in it (name_device_array) forgotten. Returns false when no adopted region
// starts there.
bool release_device_memory(void* base);

// Numbers the next device allocation 0 again, when none is live (else nothing changes). A runner that
// serves run after run in one process calls it before each, so that every run's record and diagnostics
// number allocations as a fresh program's would.
void restart_allocation_numbers();

// An array the runner placed in device memory, named so that the checks of the access flavour (with
// KITCPU_CHECKS=1) can say "P[1][4]" and refuse a store to an input: `read_only` arrays are the
// kernel's inputs, which it must not write.
struct DeviceArrayName {
  const void* base = nullptr;
  std::string name;
  std::size_t element_size = 1;
  std::vector<long> shape;  // row-major
  bool read_only = false;
};

// Registers `array` (later registrations covering the same bytes win). Every flavour keeps the names;
// only the checks use them.
void name_device_array(const DeviceArrayName& array);

// The runner's own copy between host memory and adopted memory, outside the record of runtime calls: a
// harness that hands the student host copies of its arrays (kit/host_arrays.h) moves them with this, so
// that the record holds only what the student's code asked for.
void runner_copy(void* dst, const void* src, std::size_t bytes);

// Makes the nth device allocation (cudaMalloc or cudaMallocManaged) from now on fail with
// cudaErrorMemoryAllocation, counting from 1; 0 turns the failure off. A grader asks for it to see that
// the student's code checks what cudaMalloc returns.
void fail_device_allocation(int nth);

}  // namespace kitcpu
