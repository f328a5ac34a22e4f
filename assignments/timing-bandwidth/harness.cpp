// Binds the student's time_scale to the timed-scale problem: the input x and the output y are n floats
// (the problem's one axis); the four numbers of the TimingReport go to the output `report`, where the
// grader reads them. launch_scale is the entry the grader times the kernel through, in a runner built
// from the kit's own copy of the file.
#include <cuda_runtime.h>

#include <cstring>

#include "kit/harness.h"
#include "timing_bandwidth.h"

namespace {

// Byte by byte with cudaMemset: a cudaMemcpy from the host into an output would read, in the record of
// the student's runtime calls, as host code writing the answer (grader/src/run/runtime_calls.h).
void store_report(const TimingReport& r, void* d_report) {
  const float values[4] = {static_cast<float>(r.event_ms), static_cast<float>(r.host_ms_without_sync),
                           static_cast<float>(r.host_ms_with_sync), static_cast<float>(r.effective_gbps)};
  unsigned char bytes[sizeof values];
  std::memcpy(bytes, values, sizeof values);
  for (std::size_t i = 0; i < sizeof bytes; ++i) cudaMemset(static_cast<unsigned char*>(d_report) + i, bytes[i], 1);
}

void time_it(const kit::DeviceArrays& a, const kit::Dims& d) {
  const TimingReport r = time_scale(a.in<float>(0), a.out<float>(0), static_cast<int>(d[0]));
  store_report(r, a.outputs[1]);
}

void launch_once(const kit::DeviceArrays& a, const kit::Dims& d) {
  launch_scale(a.in<float>(0), a.out<float>(0), static_cast<int>(d[0]));
}

}  // namespace

const kit::Harness kit_harness = {"timing-bandwidth", {{"time_scale", time_it}, {"launch_scale", launch_once}}};
