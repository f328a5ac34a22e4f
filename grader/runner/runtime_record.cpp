// The cuda runner's record: the copy wrappers, and the recording itself (runtime_record.h).
#include "runtime_record.h"

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <iterator>
#include <map>
#include <string>

#include "kit/channel.h"

namespace kit {

namespace {

struct Recording {
  bool on = false;
  std::size_t reported = 0;
  int fd = -1;
  const RunnerCase* c = nullptr;
  const unsigned char* base = nullptr;
  int allocations_before_failure = 0;  // the case's fail_allocation, counted down by cudaMalloc
};

Recording& recording() {
  static Recording r;
  return r;
}

// The student's allocations by their first byte: how many bytes, and which memory ("device", "managed",
// "pinned"), so the record can name the buffer a pointer points into and how far into it.
struct Allocation {
  std::size_t bytes;
  const char* memory;
  const char* call;         // "cudaMalloc", ...
  bool unrecorded = false;  // made while nothing was recorded, and not yet reported
};

std::map<std::uintptr_t, Allocation>& allocations() {
  static std::map<std::uintptr_t, Allocation> a;
  return a;
}

// What the runtime says a pointer it did not hand out through the record is.
const char* memory_type(const void* p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();  // not the student's error to see
    return "host";
  }
  switch (a.type) {
    case cudaMemoryTypeDevice: return "device";
    case cudaMemoryTypeManaged: return "managed";
    case cudaMemoryTypeHost: return "pinned";
    default: return "host";
  }
}

}  // namespace

// "M" (an input), "P" (an output), "host" or "device memory": where a pointer of a copy points, with the
// buffer and offset the grader follows (answer_flow.h).
nlohmann::json memory_end(const void* p) {
  const Recording& r = recording();
  const auto* at = static_cast<const unsigned char*>(p);
  if (r.c)
    for (const ArenaArray& a : r.c->arrays)
      if (at >= r.base + a.offset && at < r.base + a.offset + a.spec.bytes())
        return {{"array", a.spec.name}, {"role", a.input ? "input" : "output"}, {"buffer", "array " + a.spec.name},
                {"offset", at - (r.base + a.offset)}};
  std::size_t offset = 0;
  if (r.c)
    if (const ArenaArray* a = host_copy_at(p, *r.c, r.base, &offset))
      return {{"array", a->spec.name}, {"role", a->input ? "input" : "output"}, {"side", "host"},
              {"buffer", "host " + a->spec.name}, {"offset", offset}};
  const auto u = reinterpret_cast<std::uintptr_t>(p);
  auto it = allocations().upper_bound(u);
  if (it != allocations().begin() && u < std::prev(it)->first + std::prev(it)->second.bytes) {
    --it;
    const std::string memory = it->second.memory;
    return {{"array", memory == "pinned" ? "host" : "device memory"}, {"role", ""}, {"memory", memory},
            {"buffer", pointer_text(reinterpret_cast<const void*>(it->first))}, {"offset", u - it->first}};
  }
  const std::string memory = memory_type(p);
  return {{"array", memory == "pinned" || memory == "host" ? "host" : "device memory"}, {"role", ""}, {"memory", memory}};
}

std::string pointer_text(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
  return text;
}

void note_allocation(const void* p, std::size_t bytes, const char* memory, const char* call) {
  if (p) allocations()[reinterpret_cast<std::uintptr_t>(p)] = {bytes, memory, call, !recording().on};
}

std::string stream_text(const void* stream) { return stream ? pointer_text(stream) : "0"; }

void forget_allocation(const void* p) { allocations().erase(reinterpret_cast<std::uintptr_t>(p)); }

namespace {

const char* kind_name(cudaMemcpyKind kind) {
  switch (kind) {
    case cudaMemcpyHostToDevice: return "host-to-device";
    case cudaMemcpyDeviceToHost: return "device-to-host";
    case cudaMemcpyDeviceToDevice: return "device-to-device";
    case cudaMemcpyHostToHost: return "host-to-host";
    default: return "default";
  }
}

void report(const nlohmann::json& j) { report_runtime_call(j.dump()); }

// A copy's ends, named by what the pointers are (as cudaMemcpyDefault has the runtime do), and what the
// bytes it carries to the device are (runtime_record.h: carried_bytes).
struct CopyEnds {
  nlohmann::json from, to;
  std::string carried;
};

CopyEnds copy_ends(void* dst, const void* src, std::size_t bytes) {
  CopyEnds e{memory_end(src), memory_end(dst), ""};
  e.carried = carried_bytes(e.from, e.to, src, bytes);
  return e;
}

// Reported once the copy has returned: a synchronous copy to the host has delivered its bytes, and the
// runner keeps their hash (runtime_record.h: delivered_copy).
void report_copy(const char* call, const CopyEnds& ends, void* dst, std::size_t bytes, cudaMemcpyKind kind,
                 cudaError_t result, bool synchronous, const void* stream = nullptr) {
  nlohmann::json j = {{"type", "call"}, {"call", call}, {"kind", kind_name(kind)}, {"bytes", bytes},
                      {"from", ends.from}, {"to", ends.to}, {"result", cudaGetErrorName(result)}};
  if (!synchronous) j["stream"] = stream_text(stream);
  if (!ends.carried.empty()) j["carried"] = ends.carried;
  if (synchronous && result == cudaSuccess)
    if (const int copy = delivered_copy(ends.from, ends.to, dst, bytes); copy >= 0) j["copy"] = copy;
  report(j);
}

// A __device__ or __constant__ variable's end of a symbol copy: the buffer is the variable.
nlohmann::json symbol_end(const void* symbol, std::size_t offset) {
  void* address = nullptr;
  if (cudaGetSymbolAddress(&address, symbol) != cudaSuccess) {
    cudaGetLastError();  // not the student's error to see: the copy itself reports it
    address = const_cast<void*>(symbol);
  }
  return {{"array", "device memory"}, {"role", ""}, {"memory", "symbol"}, {"buffer", "symbol " + pointer_text(address)},
          {"offset", offset}};
}

void report_symbol_copy(const char* call, const void* symbol, const void* other, std::size_t bytes, std::size_t offset,
                        bool to_symbol, cudaError_t result) {
  if (!recording().on) return;
  const nlohmann::json variable = symbol_end(symbol, offset), end = memory_end(other);
  nlohmann::json j = {{"type", "call"}, {"call", call}, {"kind", to_symbol ? "to-symbol" : "from-symbol"}, {"bytes", bytes},
                      {"from", to_symbol ? end : variable}, {"to", to_symbol ? variable : end},
                      {"result", cudaGetErrorName(result)}};
  // The copy has returned: the bytes it carried up are still at `other`, those it brought down are there.
  if (result == cudaSuccess && to_symbol)
    if (const std::string carried = carried_bytes(end, variable, other, bytes); !carried.empty()) j["carried"] = carried;
  if (result == cudaSuccess && !to_symbol)
    if (const int copy = delivered_copy(variable, end, const_cast<void*>(other), bytes); copy >= 0) j["copy"] = copy;
  report(j);
}

void report_memset(const char* call, const void* target, std::size_t bytes, cudaError_t result) {
  if (!recording().on) return;
  report({{"type", "call"}, {"call", call}, {"bytes", bytes}, {"to", memory_end(target)},
          {"result", cudaGetErrorName(result)}});
}

}  // namespace

void start_recording(int channel_fd, const RunnerCase& c, const unsigned char* base) {
  forget_host_copies();
  recording() = {true, 0, channel_fd, &c, base, c.fail_allocation};
  for (auto& [address, a] : allocations()) {
    if (!a.unrecorded) continue;
    a.unrecorded = false;
    report({{"type", "call"}, {"call", a.call}, {"bytes", a.bytes}, {"memory", a.memory}, {"before", true},
            {"pointer", pointer_text(reinterpret_cast<const void*>(address))}, {"result", "cudaSuccess"}});
  }
}

std::size_t stop_recording() {
  if (recording().on && recording().c)
    for (const nlohmann::json& staged : staged_copy_calls(*recording().c, recording().base)) report(staged);
  if (const nlohmann::json marker = host_arrays_call(); !marker.is_null() && recording().on) report(marker);
  recording().on = false;
  return recording().reported;
}

bool recording_calls() { return recording().on; }

bool filling_shared_memory() { return recording().on && recording().c != nullptr && !recording().c->keep_shared_memory; }

void report_runtime_call(const std::string& json_object) {
  Recording& r = recording();
  if (!r.on) return;
  write_record(r.fd, RecordType::json, json_object.data(), json_object.size());
  ++r.reported;
}

bool injected_allocation_failure() {
  Recording& r = recording();
  if (!r.on || r.allocations_before_failure <= 0) return false;
  return --r.allocations_before_failure == 0;
}

}  // namespace kit

extern "C" {

cudaError_t __real_cudaMemcpy(void*, const void*, size_t, cudaMemcpyKind);
cudaError_t __real_cudaMemcpyAsync(void*, const void*, size_t, cudaMemcpyKind, cudaStream_t);
cudaError_t __real_cudaMemcpyToSymbol(const void*, const void*, size_t, size_t, cudaMemcpyKind);
cudaError_t __real_cudaMemcpyFromSymbol(void*, const void*, size_t, size_t, cudaMemcpyKind);
cudaError_t __real_cudaMemset(void*, int, size_t);
cudaError_t __real_cudaMemsetAsync(void*, int, size_t, cudaStream_t);

cudaError_t __wrap_cudaMemcpyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset,
                                      cudaMemcpyKind kind) {
  const cudaError_t result = __real_cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
  kit::report_symbol_copy("cudaMemcpyToSymbol", symbol, src, bytes, offset, true, result);
  return result;
}

cudaError_t __wrap_cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset,
                                        cudaMemcpyKind kind) {
  const cudaError_t result = __real_cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
  kit::report_symbol_copy("cudaMemcpyFromSymbol", symbol, dst, bytes, offset, false, result);
  return result;
}

cudaError_t __wrap_cudaMemset(void* target, int value, size_t bytes) {
  const cudaError_t result = __real_cudaMemset(target, value, bytes);
  kit::report_memset("cudaMemset", target, bytes, result);
  return result;
}

cudaError_t __wrap_cudaMemsetAsync(void* target, int value, size_t bytes, cudaStream_t stream) {
  const cudaError_t result = __real_cudaMemsetAsync(target, value, bytes, stream);
  kit::report_memset("cudaMemsetAsync", target, bytes, result);
  return result;
}

// The bytes a synchronous copy carries up are judged once it has returned (its source is as it was: no
// kernel of the student's reads managed memory then); an async copy's when it is asked for, since the
// host may change them after (runtime_record.h: carried_bytes).
cudaError_t __wrap_cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  if (!kit::recording_calls()) return __real_cudaMemcpy(dst, src, bytes, kind);
  const cudaError_t result = __real_cudaMemcpy(dst, src, bytes, kind);
  const kit::CopyEnds ends = kit::copy_ends(dst, src, result == cudaSuccess ? bytes : 0);
  kit::report_copy("cudaMemcpy", ends, dst, bytes, kind, result, true);
  return result;
}

cudaError_t __wrap_cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, cudaStream_t stream) {
  if (!kit::recording_calls()) return __real_cudaMemcpyAsync(dst, src, bytes, kind, stream);
  const kit::CopyEnds ends = kit::copy_ends(dst, src, bytes);
  const cudaError_t result = __real_cudaMemcpyAsync(dst, src, bytes, kind, stream);
  kit::report_copy("cudaMemcpyAsync", ends, dst, bytes, kind, result, false, stream);
  return result;
}

}  // extern "C"

void kit::runner_copy(void* dst, const void* src, std::size_t bytes, bool to_device) {
  __real_cudaMemcpy(dst, src, bytes, to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost);
}
