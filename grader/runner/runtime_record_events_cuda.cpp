// Events on a GPU (runtime_record.h): what a timing is judged by, with the synchronisations
// (runtime_record_memory_cuda.cpp). Each event gets a small id of the record's own, the same kind of id
// the CPU backend's runtime gives it.
#include <cuda_runtime.h>

#include <map>

#include <string>

#include <nlohmann/json.hpp>

#include "runtime_record.h"

namespace {

std::map<cudaEvent_t, int>& event_ids() {
  static std::map<cudaEvent_t, int> ids;
  return ids;
}

// The id of an event, a new one for an event the record has not seen (or one created before it began).
int id_of(cudaEvent_t event) {
  std::map<cudaEvent_t, int>& ids = event_ids();
  const auto found = ids.find(event);
  if (found != ids.end()) return found->second;
  const int id = static_cast<int>(ids.size()) + 1;
  ids[event] = id;
  return id;
}

// elapsed_ms: what cudaEventElapsedTime returned, when it succeeded; the timing checks hold a
// reported event time to it.
void report_event(const char* call, cudaEvent_t event = nullptr, cudaEvent_t end_event = nullptr,
                  cudaStream_t stream = nullptr, double elapsed_ms = -1) {
  if (!kit::recording_calls()) return;
  nlohmann::json j = {{"type", "call"}, {"call", call}};
  // The stream a record is on: what a wait on the event covers (technique_host_code.cpp).
  if (std::string(call) == "cudaEventRecord") j["stream"] = kit::stream_text(stream);
  if (event) j["event"] = id_of(event);
  if (end_event) j["end_event"] = id_of(end_event);
  if (elapsed_ms >= 0) j["elapsed_ms"] = elapsed_ms;
  kit::report_runtime_call(j.dump());
}

}  // namespace

extern "C" {

cudaError_t __real_cudaEventCreate(cudaEvent_t*);
cudaError_t __real_cudaEventCreateWithFlags(cudaEvent_t*, unsigned int);
cudaError_t __real_cudaEventDestroy(cudaEvent_t);
cudaError_t __real_cudaEventRecord(cudaEvent_t, cudaStream_t);
cudaError_t __real_cudaEventSynchronize(cudaEvent_t);
cudaError_t __real_cudaEventQuery(cudaEvent_t);
cudaError_t __real_cudaEventElapsedTime(float*, cudaEvent_t, cudaEvent_t);

cudaError_t __wrap_cudaEventCreate(cudaEvent_t* event) {
  const cudaError_t e = __real_cudaEventCreate(event);
  // A handle the driver gives again after a destroy is a new event to the record.
  if (e == cudaSuccess) event_ids().erase(*event);
  if (e == cudaSuccess) report_event("cudaEventCreate", *event);
  return e;
}

cudaError_t __wrap_cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  const cudaError_t e = __real_cudaEventCreateWithFlags(event, flags);
  if (e == cudaSuccess) event_ids().erase(*event);
  if (e == cudaSuccess) report_event("cudaEventCreateWithFlags", *event);
  return e;
}

cudaError_t __wrap_cudaEventDestroy(cudaEvent_t event) {
  if (event) report_event("cudaEventDestroy", event);
  return __real_cudaEventDestroy(event);
}

cudaError_t __wrap_cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  if (event) report_event("cudaEventRecord", event, nullptr, stream);
  return __real_cudaEventRecord(event, stream);
}

cudaError_t __wrap_cudaEventSynchronize(cudaEvent_t event) {
  if (event) report_event("cudaEventSynchronize", event);
  return __real_cudaEventSynchronize(event);
}

// Only a query that found the event complete is recorded: it is a wait (timing_calls.h), and a loop that
// polls until then would otherwise fill the record with its misses.
cudaError_t __wrap_cudaEventQuery(cudaEvent_t event) {
  const cudaError_t e = __real_cudaEventQuery(event);
  if (event && e == cudaSuccess) report_event("cudaEventQuery", event);
  return e;
}

cudaError_t __wrap_cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  // The runtime writes *ms; a copy is read back only where the call succeeded and ms was a pointer.
  const cudaError_t e = __real_cudaEventElapsedTime(ms, start, end);
  report_event("cudaEventElapsedTime", start, end, nullptr, e == cudaSuccess && ms ? static_cast<double>(*ms) : -1.0);
  return e;
}

}  // extern "C"
