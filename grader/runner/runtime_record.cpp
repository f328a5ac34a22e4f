// The cuda runner's record: the copy wrappers, and the recording itself (runtime_record.h).
#include "runtime_record.h"

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#include <cstdint>
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

// "M" (an input), "P" (an output), "host" or "device memory": where a pointer of a copy points.
nlohmann::json where(const void* p, bool host_side) {
  const Recording& r = recording();
  const auto* at = static_cast<const unsigned char*>(p);
  if (r.c)
    for (const ArenaArray& a : r.c->arrays)
      if (at >= r.base + a.offset && at < r.base + a.offset + a.spec.bytes())
        return {{"array", a.spec.name}, {"role", a.input ? "input" : "output"}};
  if (r.c)
    if (const ArenaArray* a = host_copy_at(p, *r.c, r.base))
      return {{"array", a->spec.name}, {"role", a->input ? "input" : "output"}, {"side", "host"}};
  return {{"array", host_side ? "host" : "device memory"}, {"role", ""}};
}

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

bool is_host_pointer(const void* p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();  // not the student's error to see
    return true;
  }
  return a.type == cudaMemoryTypeHost || a.type == cudaMemoryTypeUnregistered;
}

void report_copy(const char* call, void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  if (!recording().on) return;
  // cudaMemcpyDefault lets the runtime tell host from device by the pointers: so does the record.
  const bool from_host = kind == cudaMemcpyDefault ? is_host_pointer(src)
                                                   : kind == cudaMemcpyHostToDevice || kind == cudaMemcpyHostToHost;
  const bool to_host = kind == cudaMemcpyDefault ? is_host_pointer(dst)
                                                 : kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyHostToHost;
  report({{"type", "call"}, {"call", call}, {"kind", kind_name(kind)}, {"bytes", bytes},
          {"from", where(src, from_host)}, {"to", where(dst, to_host)}});
}

}  // namespace

void start_recording(int channel_fd, const RunnerCase& c, const unsigned char* base) {
  forget_host_copies();
  recording() = {true, 0, channel_fd, &c, base, c.fail_allocation};
}

std::size_t stop_recording() {
  recording().on = false;
  return recording().reported;
}

bool recording_calls() { return recording().on; }

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
cudaError_t __real_cudaMemcpy2D(void*, size_t, const void*, size_t, size_t, size_t, cudaMemcpyKind);
cudaError_t __real_cudaMemcpy2DAsync(void*, size_t, const void*, size_t, size_t, size_t, cudaMemcpyKind, cudaStream_t);

cudaError_t __wrap_cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  kit::report_copy("cudaMemcpy", dst, src, bytes, kind);
  return __real_cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t __wrap_cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, cudaStream_t stream) {
  kit::report_copy("cudaMemcpyAsync", dst, src, bytes, kind);
  return __real_cudaMemcpyAsync(dst, src, bytes, kind, stream);
}

cudaError_t __wrap_cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                                cudaMemcpyKind kind) {
  kit::report_copy("cudaMemcpy2D", dst, src, width * height, kind);
  return __real_cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t __wrap_cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                     size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  kit::report_copy("cudaMemcpy2DAsync", dst, src, width * height, kind);
  return __real_cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
}

}  // extern "C"

void kit::runner_copy(void* dst, const void* src, std::size_t bytes, bool to_device) {
  __real_cudaMemcpy(dst, src, bytes, to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost);
}
