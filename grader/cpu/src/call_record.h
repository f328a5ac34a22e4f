// The runtime's side of the record of calls (include/kitcpu/runtime_calls.h): each API function and
// each launch hands its call here; nothing is kept unless KITCPU_CALLS names a file.
//
// Calls are buffered and written in batches (at exit, before a fatal diagnostic, and every
// kBatchCalls calls), so that recording costs a few hundred nanoseconds a call and no system call.
// The file:line of a call other than a launch comes from the caller's return address, symbolized when
// the batch is written, once per distinct address: the innermost frame in the student's file, or else
// the innermost one outside the backend's own headers (a harness, the runner).
#pragma once

#include <kitcpu/runtime_api.h>
#include <kitcpu/runtime_calls.h>

#include "device_memory.h"

namespace kitcpu::detail {

// Whether calls are recorded (KITCPU_CALLS is set): callers skip building a RuntimeCall otherwise.
bool recording_calls();

// Records `call`; `caller` is the return address into the code that made it (nullptr when file and
// line are already set, as for launches). `result` fills the call's result.
void record_call(RuntimeCall call, cudaError_t result, const void* caller);

// The duration of the launch recorded last (RuntimeCall::took_ms), set once its kernel has run; the
// launch itself is recorded before it runs, so that a kernel that ends the program is still in the record.
void record_launch_duration(double took_ms);

// An allocation made, or freed, while no call is recorded (by a global constructor, before the
// student's function runs): the next captured record starts with the allocations still live, marked
// `before` (kitcpu/runtime_calls.h).
void note_unrecorded_allocation(const char* name, int id, std::size_t bytes);
void note_unrecorded_release(int id);

// Writes what is buffered. Called at exit and before a fatal diagnostic; safe to call again.
void flush_call_record();

// How the record names the memory at `pointer`: a region and the offset into it, or host memory.
MemoryReference memory_reference(const void* pointer);
MemoryReference region_reference(const Region& region, std::size_t offset);

// "host-to-device", ..., "default".
const char* kind_name(cudaMemcpyKind kind);

// The id the record gives a stream (0 for the default stream) and an event (event_api.cpp).
int stream_id(cudaStream_t stream);
int event_id(cudaEvent_t event);

}  // namespace kitcpu::detail
