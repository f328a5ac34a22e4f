// Events and streams. Work is synchronous, so an event is the host clock when it was recorded and a
// stream is only a handle that must be valid. Each gets an id for the record of calls (call_record.h).
#include <atomic>
#include <chrono>

#include <kitcpu/runtime_api.h>

#include "call_record.h"

using kitcpu::detail::record_error;

namespace {

std::atomic<int> next_stream_id{1};  // 0 is the default stream
std::atomic<int> next_event_id{1};

}  // namespace

struct CUevent_st {
  std::chrono::steady_clock::time_point time;
  bool recorded = false;
  bool timing = true;
  int id = next_event_id++;
};

struct CUstream_st {
  int id = next_stream_id++;
};

namespace kitcpu::detail {

int stream_id(cudaStream_t stream) { return stream == nullptr ? 0 : stream->id; }
int event_id(cudaEvent_t event) { return event == nullptr ? -1 : event->id; }

namespace {

// Records the call (when calls are recorded) and its result, and returns the result.
cudaError_t noted_event(const char* name, cudaError_t result, const void* caller, int stream = -1, int event = -1,
                  int end_event = -1, double elapsed_ms = -1) {
  if (recording_calls()) {
    RuntimeCall call;
    call.call = name;
    call.stream = stream;
    call.event = event;
    call.end_event = end_event;
    call.elapsed_ms = elapsed_ms;
    record_call(std::move(call), result, caller);
  }
  return record_error(result);
}

}  // namespace
}  // namespace kitcpu::detail

using kitcpu::detail::event_id;
using kitcpu::detail::noted_event;
using kitcpu::detail::stream_id;

#define KITCPU_CALLER __builtin_return_address(0)

cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  if (stream == nullptr) return noted_event("cudaStreamCreate", cudaErrorInvalidValue, KITCPU_CALLER);
  *stream = new CUstream_st();
  return noted_event("cudaStreamCreate", cudaSuccess, KITCPU_CALLER, (*stream)->id);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int) {
  if (stream == nullptr) return noted_event("cudaStreamCreateWithFlags", cudaErrorInvalidValue, KITCPU_CALLER);
  *stream = new CUstream_st();
  return noted_event("cudaStreamCreateWithFlags", cudaSuccess, KITCPU_CALLER, (*stream)->id);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (stream == nullptr) return noted_event("cudaStreamDestroy", cudaErrorInvalidResourceHandle, KITCPU_CALLER);
  const int id = stream->id;
  delete stream;
  return noted_event("cudaStreamDestroy", cudaSuccess, KITCPU_CALLER, id);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return noted_event("cudaStreamSynchronize", cudaSuccess, KITCPU_CALLER, stream_id(stream));
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
  if (event == nullptr) return noted_event("cudaEventCreate", cudaErrorInvalidValue, KITCPU_CALLER);
  *event = new CUevent_st();
  return noted_event("cudaEventCreate", cudaSuccess, KITCPU_CALLER, -1, (*event)->id);
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  if (event == nullptr) return noted_event("cudaEventCreateWithFlags", cudaErrorInvalidValue, KITCPU_CALLER);
  *event = new CUevent_st();
  (*event)->timing = (flags & cudaEventDisableTiming) == 0;
  return noted_event("cudaEventCreateWithFlags", cudaSuccess, KITCPU_CALLER, -1, (*event)->id);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  if (event == nullptr) return noted_event("cudaEventRecord", cudaErrorInvalidResourceHandle, KITCPU_CALLER, stream_id(stream));
  event->time = std::chrono::steady_clock::now();
  event->recorded = true;
  return noted_event("cudaEventRecord", cudaSuccess, KITCPU_CALLER, stream_id(stream), event->id);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  const cudaError_t result = event == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess;
  return noted_event("cudaEventSynchronize", result, KITCPU_CALLER, -1, event_id(event));
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  const cudaError_t result = event == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess;
  return noted_event("cudaEventQuery", result, KITCPU_CALLER, -1, event_id(event));
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  cudaError_t result = cudaSuccess;
  double elapsed_ms = -1;
  if (ms == nullptr) {
    result = cudaErrorInvalidValue;
  } else if (start == nullptr || end == nullptr || !start->timing || !end->timing || !start->recorded ||
             !end->recorded) {
    result = cudaErrorInvalidResourceHandle;
  } else {
    *ms = std::chrono::duration<float, std::milli>(end->time - start->time).count();
    elapsed_ms = *ms;
  }
  return noted_event("cudaEventElapsedTime", result, KITCPU_CALLER, -1, event_id(start), event_id(end), elapsed_ms);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  if (event == nullptr) return noted_event("cudaEventDestroy", cudaErrorInvalidResourceHandle, KITCPU_CALLER);
  const int id = event->id;
  delete event;
  return noted_event("cudaEventDestroy", cudaSuccess, KITCPU_CALLER, -1, id);
}
