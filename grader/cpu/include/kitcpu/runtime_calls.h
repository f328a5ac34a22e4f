// The record of what a program asked the CUDA runtime to do, for the grader to judge where an answer
// came from: "your code copied the input M to the host (cudaMemcpy at matmul.cu:57) and wrote P from the
// host (cudaMemcpy at matmul.cu:63): the result must come from a kernel", or "no kernel was launched".
//
// With KITCPU_CALLS=<file> the runtime appends one JSON object per call to the file (buffered: written
// at exit, before a fatal diagnostic, and every few thousand calls). Keys, each present only where it
// applies to the call:
//   call            "launch", "cudaMalloc", "cudaMemcpy", "cudaMemcpyToSymbol", "cudaDeviceSynchronize",
//                   "adopt_device_memory"... (the function's name; "launch" for kernel<<<...>>>(...))
//   result          the cudaError_t's name: "cudaSuccess", "cudaErrorInvalidValue"...
//   file, line      where the call was made (the launch's own site; for the other calls the caller's
//                   line, from its return address, when the debug information has it)
//   kernel, grid, block, shared_bytes, stream          launches ([x,y,z] arrays for grid and block)
//   requested_kind, effective_kind, src, dst, bytes    copies; kinds are "host-to-host", "host-to-device",
//                   "device-to-host", "device-to-device" ("default" requested), effective from the
//                   pointers themselves; src and dst as below
//   dst, bytes, value                                   cudaMemset
//   bytes, allocation                                   cudaMalloc and its relatives; cudaFree: allocation
//   region, bytes                                       adopt_device_memory, release_device_memory
//   stream, event, end_event                            streams and events (ids from 1; stream 0 is the
//                                                       default stream)
// Two keys a runner reads in memory only (the JSON line leaves them out): a launch's `arguments`, the
// memory its pointer arguments point into, and `writes`, the device memory a kernel changed while it ran
// (a "kernel-writes" call right after its launch): where an answer came from (grader/src/run/runtime_calls.h).
// A memory reference (src, dst) is {"memory":"host"}, {"memory":"device","allocation":N,"offset":K},
// {"memory":"adopted","region":N,"offset":K}, {"memory":"managed"|"pinned","allocation":N,"offset":K}
// or {"memory":"symbol","offset":K} (a __constant__ or __device__ variable). Allocation ids count
// cudaMalloc, cudaMallocManaged, cudaMallocHost and cudaHostAlloc from 0 in the order they succeeded;
// region ids count the regions the runner adopted (kitcpu/device_memory.h) from 0.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kitcpu {

struct MemoryReference {
  std::string memory;       // "host", "device", "adopted", "managed", "pinned", "symbol"; empty: none
  int id = -1;              // allocation id (device, managed, pinned) or region id (adopted)
  std::int64_t offset = 0;  // bytes from the start of the allocation, region or variable
  // Host memory: the pointer itself, for a runner that knows what lies there (its host copies of the
  // arrays, kit/host_arrays.h). Kept in memory only; the JSON line leaves it out.
  std::uintptr_t address = 0;
};

struct RuntimeCall {
  std::string call;
  std::string result;
  std::string file;
  int line = 0;
  // Launches.
  std::string kernel;
  std::array<unsigned, 3> grid{};
  std::array<unsigned, 3> block{};
  std::uint64_t shared_bytes = 0;
  // Copies and cudaMemset.
  std::string requested_kind;
  std::string effective_kind;
  MemoryReference src;
  MemoryReference dst;
  std::uint64_t bytes = 0;
  int value = 0;
  // Allocations, adopted regions, streams, events: -1 when not part of the call.
  int allocation = -1;
  int region = -1;
  int stream = -1;
  int event = -1;
  int end_event = -1;
  // Timing, kept in memory only like `address` (the JSON line leaves them out: they change from run to
  // run): a launch's milliseconds from its call to its return, the kernel's run included (launches run
  // synchronously here), and the milliseconds cudaEventElapsedTime returned. -1 when not part of the call.
  double took_ms = -1;
  double elapsed_ms = -1;
  // Launches: where each pointer argument points (host memory included). "kernel-writes": the ranges
  // of device, adopted, managed and pinned memory whose words changed while the kernel ran, as
  // (reference, bytes) pairs; past kMaxWrittenRanges ranges in one region the rest are left out (the
  // kernel is then not credited with them: no honest kernel scatters its output that finely).
  std::vector<MemoryReference> arguments;
  std::vector<std::pair<MemoryReference, std::uint64_t>> writes;
  // An allocation made while nothing was recorded (a global constructor's) and still live when a
  // record started: the record begins with it, so a leak of it is seen (call_record.h).
  bool before = false;
  // Copies, kept in memory only like `address`: what the runner's copy observer (below) said of it.
  int copy = -1;
  std::string carried;
};

// A copy as it completes, for a runner that judges the bytes it moved (what the record cannot hold):
// installed with observe_copies, called on the copying thread with the device memory open, after the
// bytes moved and before the call is recorded. Its note goes into the call (RuntimeCall::copy, carried).
struct CopySeen {
  void* dst;
  const void* src;
  std::size_t bytes;
  const MemoryReference& from;
  const MemoryReference& to;
  bool synchronous;  // done when the call returns (cudaMemcpy, symbol copies); not the Async ones
};
struct CopyNote {
  int copy = -1;        // the runner's number for a copy to the host whose bytes it keeps a hash of
  std::string carried;  // a copy to the device: "inputs" or "other" (the runner's word), or ""
};
using CopyObserver = CopyNote (*)(const CopySeen& copy);
// nullptr: none (the default).
void observe_copies(CopyObserver observer);

constexpr std::size_t kMaxWrittenRanges = 4096;

// Every call in a KITCPU_CALLS file, in order. A missing file means no calls were recorded; a line
// that is not a JSON object (cut short by a kill) is skipped.
std::vector<RuntimeCall> read_runtime_calls(const std::string& path);

// The call as one line of JSON, without the newline: what the runtime appends to KITCPU_CALLS.
std::string runtime_call_to_json_line(const RuntimeCall& call);

// "device allocation 2 + 64", "adopted region 0", "host memory", "a __constant__ or __device__
// variable": how a message names a memory reference.
std::string describe_memory(const MemoryReference& memory);

// The call in one line, for people and tests:
//   cudaMemcpy at matmul.cu:57: 4096 bytes from adopted region 0 to host memory, device-to-host (asked
//   device-to-host): cudaSuccess
//   launch of matmul<<<(4,4,1), (16,16,1)>>> at matmul.cu:60: cudaSuccess
std::string format_runtime_call(const RuntimeCall& call);

// Whether the memory is the GPU's (device, adopted or managed memory, or a variable): a copy between
// two such is device-to-device.
bool is_device_memory(const MemoryReference& memory);

// For a grader's runner, in the same process as the student's code: from start_capturing_calls to
// take_captured_calls, every call is also kept in memory (with or without KITCPU_CALLS), and handed back
// with its file and line. The runner reports them itself on its private channel, so the record a grade
// rests on is never a file that the student's code could write first or rewrite after.
void start_capturing_calls();
std::vector<RuntimeCall> take_captured_calls();

}  // namespace kitcpu
