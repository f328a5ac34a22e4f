// Host memory out of kernels' reach.
//
// On a GPU a kernel that follows a host pointer (h_A from malloc, an array on the host stack) stops with
// cudaErrorIllegalAddress; here kernels share the host's address space, and such a kernel used to
// compute the right answer. Checking every load and store of a kernel would slow the fast flavour,
// which grades every size, several times over; the pointers a kernel reaches host memory through are
// almost always its arguments, and those are seen once per launch. So each pointer argument a GPU could
// not follow (not null, not in a region of device_memory.h: cudaMalloc, cudaMallocManaged,
// cudaMallocHost/cudaHostAlloc, adopted, a __device__ variable from cudaGetSymbolAddress, nor one past
// the end of one) reaches the kernel as a *stand-in*:
// an address with the same offset within its page in a window of reserved, inaccessible address space.
// Arithmetic on it works as on the original; a load or store through it faults, and the fault handler
// names the argument (describe_host_pointer_fault). A kernel that never follows the pointer runs as on a
// GPU.
//
// A struct passed by value is looked through word by word: a pointer-aligned word that is the address of
// a mapped host page a GPU could not follow becomes a stand-in too (any other value, a size or two
// floats, is left alone). Not covered: host pointers stored in device memory or a __device__ variable. Memory a GPU can reach from the host side stays reachable:
// pinned memory from cudaMallocHost/cudaHostAlloc (mapped into the device's address space through
// unified addressing) and managed memory.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kitcpu/diagnostic.h>

#include "device_memory_faults.h"

namespace kitcpu::detail {

// What a fault at `address` in a kernel means when it is in a stand-in: sets category, message and
// hint, and returns true; false for any other address.
bool describe_host_pointer_fault(Diagnostic& diagnostic, const void* address, AccessKind access);

}  // namespace kitcpu::detail
