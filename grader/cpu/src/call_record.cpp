#include "call_record.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "fd_write.h"
#include "runtime_config.h"
#include "student_files.h"
#include "symbolizer.h"

namespace kitcpu::detail {
namespace {

constexpr std::size_t kBatchCalls = 4096;

struct Pending {
  RuntimeCall call;
  const void* caller;
};

struct Place {
  std::string file;
  int line = 0;
};

struct Record {
  std::mutex mutex;
  std::vector<Pending> pending;   // for the KITCPU_CALLS file
  std::vector<Pending> captured;  // for a runner, between start_capturing_calls and take_captured_calls
  std::vector<RuntimeCall> unrecorded;  // live allocations made while nothing was recorded
  std::atomic<bool> capturing{false};
  std::unordered_map<const void*, Place> places;  // caller -> where it is, once symbolized
  bool flush_at_exit = false;
};

Record& record() {
  static auto* r = new Record();  // never destroyed: flushed from atexit and from fatal diagnostics
  return *r;
}

// The caller's place: the student's line if the call is in the student's file (directly, or through an
// inlined template of the backend's headers such as cudaMalloc<T>), else the harness's or runner's.
Place place_of(const std::vector<SourceLocation>& frames) {
  const SourceLocation at = caller_location(frames);
  return {at.file, at.line};
}

bool writing_file() {
  static const bool on = !runtime_config().calls_path.empty();
  return on;
}

void symbolize_new_callers(Record& r, const std::vector<Pending>& calls) {
  std::vector<const void*> unknown;
  for (const Pending& p : calls) {
    if (p.caller != nullptr && r.places.count(p.caller) == 0) {
      r.places[p.caller] = Place{};
      unknown.push_back(p.caller);
    }
  }
  if (unknown.empty()) return;
  const std::vector<std::vector<SourceLocation>> frames = symbolize_inlined(unknown);
  for (std::size_t i = 0; i < unknown.size() && i < frames.size(); ++i) r.places[unknown[i]] = place_of(frames[i]);
}

// Fills each call's file and line from its caller.
void place_calls(Record& r, std::vector<Pending>& calls) {
  symbolize_new_callers(r, calls);
  for (Pending& p : calls)
    if (p.caller != nullptr) {
      const Place& place = r.places[p.caller];
      p.call.file = place.file;
      p.call.line = place.line;
    }
}

void write_pending(Record& r) {
  if (r.pending.empty()) return;
  place_calls(r, r.pending);
  std::string text;
  for (const Pending& p : r.pending) text += runtime_call_to_json_line(p.call) + "\n";
  r.pending.clear();
  const std::string& path = runtime_config().calls_path;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    std::fprintf(stderr, "kitcpu: cannot append to KITCPU_CALLS file %s\n", path.c_str());
    return;
  }
  write_all(fd, text);
  ::close(fd);
}

}  // namespace

bool recording_calls() { return writing_file() || record().capturing.load(std::memory_order_relaxed); }

void record_call(RuntimeCall call, cudaError_t result, const void* caller) {
  if (!recording_calls()) return;
  call.result = cudaGetErrorName(result);
  Record& r = record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  // A return address is the instruction after the call: one byte back lands inside the call itself.
  Pending p{std::move(call), caller != nullptr ? static_cast<const char*>(caller) - 1 : nullptr};
  if (r.capturing.load(std::memory_order_relaxed)) r.captured.push_back(p);
  if (!writing_file()) return;
  if (!r.flush_at_exit) {
    r.flush_at_exit = true;
    std::atexit(&flush_call_record);
  }
  r.pending.push_back(std::move(p));
  if (r.pending.size() >= kBatchCalls) write_pending(r);
}

void record_launch_duration(double took_ms) {
  Record& r = record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  for (auto p = r.captured.rbegin(); p != r.captured.rend(); ++p)
    if (p->call.call == "launch") {
      p->call.took_ms = took_ms;
      return;
    }
}

void note_unrecorded_allocation(const char* name, int id, std::size_t bytes) {
  RuntimeCall call;
  call.call = name;
  call.allocation = id;
  call.bytes = bytes;
  call.result = "cudaSuccess";
  call.before = true;
  Record& r = record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.unrecorded.push_back(std::move(call));
}

void note_unrecorded_release(int id) {
  Record& r = record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.unrecorded.erase(std::remove_if(r.unrecorded.begin(), r.unrecorded.end(),
                                    [&](const RuntimeCall& c) { return c.allocation == id; }),
                     r.unrecorded.end());
}

void flush_call_record() {
  if (!writing_file()) return;
  Record& r = record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  write_pending(r);
}

MemoryReference region_reference(const Region& region, std::size_t offset) {
  MemoryReference m;
  switch (region.kind) {
    case RegionKind::device: m.memory = "device"; break;
    case RegionKind::adopted: m.memory = "adopted"; break;
    case RegionKind::managed: m.memory = "managed"; break;
    case RegionKind::pinned: m.memory = "pinned"; break;
  }
  m.id = region.id;
  m.offset = static_cast<std::int64_t>(offset);
  return m;
}

MemoryReference memory_reference(const void* pointer) {
  if (const auto region = find_region(pointer)) {
    return region_reference(*region, reinterpret_cast<std::uintptr_t>(pointer) - region->begin);
  }
  MemoryReference m;
  m.memory = "host";
  m.address = reinterpret_cast<std::uintptr_t>(pointer);
  return m;
}

const char* kind_name(cudaMemcpyKind kind) {
  switch (kind) {
    case cudaMemcpyHostToHost: return "host-to-host";
    case cudaMemcpyHostToDevice: return "host-to-device";
    case cudaMemcpyDeviceToHost: return "device-to-host";
    case cudaMemcpyDeviceToDevice: return "device-to-device";
    case cudaMemcpyDefault: return "default";
  }
  return "invalid";
}

}  // namespace kitcpu::detail

namespace kitcpu {

void start_capturing_calls() {
  detail::Record& r = detail::record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.captured.clear();
  for (RuntimeCall& call : r.unrecorded) r.captured.push_back({std::move(call), nullptr});
  r.unrecorded.clear();
  r.capturing.store(true, std::memory_order_relaxed);
}

std::vector<RuntimeCall> take_captured_calls() {
  detail::Record& r = detail::record();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.capturing.store(false, std::memory_order_relaxed);
  detail::place_calls(r, r.captured);
  std::vector<RuntimeCall> calls;
  calls.reserve(r.captured.size());
  for (detail::Pending& p : r.captured) calls.push_back(std::move(p.call));
  r.captured.clear();
  return calls;
}

}  // namespace kitcpu
