// What the student's code asks the CUDA runtime to do while its function runs, reported to the grader
// as it happens: every copy (and which of the arena's arrays it reads or writes) and every kernel
// launch. The grader judges where an answer came from with it: an input copied to the host, or an
// output written from the host, is host code doing the kernel's work.
//
// On a GPU the calls are intercepted with the linker's --wrap (grader/src/run/wrapped_calls.h), so the student's
// object reaches the runtime only through these wrappers; its references to the wrapped originals
// (__real_*) are refused by the grader's symbol check, and so are its calls into the kit's own code
// (kit::stop_recording). The CPU backend's runtime sees every call itself: there the runner takes the
// calls from it when the student's function returns (runtime_record_cpu.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kit/runner_case.h"

namespace kit {

// From here to stop_recording, calls are reported on the channel (`channel_fd`), naming the arena's
// arrays by their place in `c`, which starts at `base`. stop_recording returns how many were reported:
// the "done" that follows says so, and the grader checks that every one reached it, so a program that
// turns the channel aside while it copies cannot leave its copies out of the record.
void start_recording(int channel_fd, const RunnerCase& c, const unsigned char* base);
std::size_t stop_recording();

// For the wrappers of one backend (runtime_record_launch_cuda.cpp): whether calls are being recorded,
// and one call's record, as a JSON object's text.
bool recording_calls();
// Whether shared memory is filled before each launch (shared_memory_fill.h): while calls are recorded,
// unless the case keeps it (RunnerCase::keep_shared_memory).
bool filling_shared_memory();
void report_runtime_call(const std::string& json_object);

// The cuda runner's wrappers (runtime_record_*_cuda.cpp): the student's allocations, so the record can
// name what a pointer points into, and that name as a copy's or a launch argument's end: the arena's
// array, the harness's host copy, an allocation ("buffer" and "offset"), or host or device memory
// (grader/src/run/runtime_calls.h).
// An allocation made while nothing is recorded (a global constructor's) is reported, marked "before",
// when the next record starts, unless it was freed first: a leak of it is then seen.
void note_allocation(const void* p, std::size_t bytes, const char* memory, const char* call);
void forget_allocation(const void* p);
nlohmann::json memory_end(const void* p);
// An address as the cuda record names it: "0x7f...".
std::string pointer_text(const void* p);
// A stream as the cuda record names it: "0" for the default stream, else its address.
std::string stream_text(const void* stream);

// Whether this cudaMalloc is the one the case asks to fail (RunnerCase::fail_allocation): counted over
// the student's allocations while calls are recorded (the cuda runner's wrapper asks; the CPU backend's
// runtime counts itself).
bool injected_allocation_failure();

// The runner's own copies between host memory and the arena, left out of the record (host_arrays.h
// moves the host copies of a host-code harness with it).
void runner_copy(void* dst, const void* src, std::size_t bytes, bool to_device);

// Host memory that holds a copy of the arena's array at `device_array` (host_copies.cpp): the record names
// it after the array, with "side": "host". forget_host_copies drops them all; start_recording calls it,
// so the names of one run's copies last until its record has been judged.
void name_host_copy(const void* host, std::size_t bytes, const void* device_array, bool output = false);
void forget_host_copies();
// The record's last call when the run named host copies: {"call": "host-arrays"}, so the grader knows
// the function wrote its host code (grader/src/run/runtime_calls.h); null otherwise.
nlohmann::json host_arrays_call();
// `offset`, when given, receives how far into the array's host copy `p` lies.
const ArenaArray* host_copy_at(const void* p, const RunnerCase& c, const unsigned char* base,
                               std::size_t* offset = nullptr);

// The bytes of the student's copies, where it writes the host code (host copies named; both backends'
// copy paths call these with the copy's ends as the record names them, host_copies.cpp):
// - carried_bytes, for a copy from memory the host writes into memory kernels read, before its bytes
//   can change: "inputs" when they equal the bytes of an array the harness handed over, as it handed them
//   over (the output as poisoned included), at the destination's offset in its allocation (or in the
//   array of that size it lies in, side by side with others; or where a source in such an array lies), "other" when
//   not; "" for any other copy. The record's "carried".
// - delivered_copy, for a synchronous copy from device memory into host memory that is not the harness's
//   output, once it has completed: its number (the record's "copy"), with a hash of the bytes it
//   delivered kept; -1 for any other copy. Async copies are not followed: their bytes land later.
// - find_staged_copies, when the function has returned (HostArrays::return_outputs): each delivered copy
//   whose bytes an output holds, exactly as delivered, at the offset the copy's source had in its
//   allocation (chunked staging keeps offsets), or in one allocation holding arrays of the output's size
//   side by side, at its offset in the array it lies in. staged_copy_calls names them for the record ("call":
//   "staged-copy", "copy" its number, "from" its source, "to" the output), after the function's calls.
std::string carried_bytes(const nlohmann::json& from, const nlohmann::json& to, const void* src, std::size_t bytes);
int delivered_copy(const nlohmann::json& from, const nlohmann::json& to, const void* dst, std::size_t bytes);
void find_staged_copies();
std::vector<nlohmann::json> staged_copy_calls(const RunnerCase& c, const unsigned char* base);

}  // namespace kit
