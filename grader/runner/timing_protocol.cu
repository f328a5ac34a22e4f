#include "timing_protocol.h"

#include <algorithm>

#include <cuda_runtime.h>

namespace kit {
namespace {

// Spins one thread for about `spin_ns` of wall time and reports how many SM cycles passed meanwhile:
// cycles / nanoseconds is the SM clock right after the student's kernel.
__global__ void probe_sm_clock(long long* cycles, unsigned long long* nanoseconds, unsigned long long spin_ns) {
  unsigned long long t0, t1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  long long c0 = clock64();
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
  } while (t1 - t0 < spin_ns);
  long long c1 = clock64();
  *cycles = c1 - c0;
  *nanoseconds = t1 - t0;
}

std::string check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return {};
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

// What every sample reuses, made on the first.
struct Timer {
  std::string error;
  void* flush = nullptr;
  std::size_t flush_bytes = 0;
  long long* cycles = nullptr;
  unsigned long long* nanoseconds = nullptr;
  cudaEvent_t start{}, stop{}, synced{};
};

Timer& timer() {
  static Timer t = [] {
    Timer t;
    int device = 0, l2_bytes = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device);
    t.flush_bytes = 2 * static_cast<std::size_t>(std::max(l2_bytes, 1 << 20));
    if ((t.error = check(cudaMalloc(&t.flush, t.flush_bytes), "cudaMalloc (L2 flush buffer)")).size()) return t;
    cudaMalloc(&t.cycles, sizeof *t.cycles);
    cudaMalloc(&t.nanoseconds, sizeof *t.nanoseconds);
    cudaEventCreate(&t.start);
    cudaEventCreate(&t.stop);
    cudaEventCreate(&t.synced);
    return t;
  }();
  return t;
}

}  // namespace

bool timing_available() { return true; }

Sample time_one_call(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims) {
  Sample s;
  Timer& t = timer();
  if (!t.error.empty()) {
    s.error = t.error;
    return s;
  }
  // A persisting-L2 carve-out survives a flush, so clear it first; then evict everything else.
  cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
  cudaCtxResetPersistingL2Cache();
  cudaMemsetAsync(t.flush, 0, t.flush_bytes);
  cudaDeviceSynchronize();
  cudaEventRecord(t.start);
  entry.call(arrays, dims);
  cudaEventRecord(t.stop);
  const cudaError_t launched = cudaGetLastError();
  const cudaError_t finished = cudaDeviceSynchronize();
  cudaEventRecord(t.synced);
  probe_sm_clock<<<1, 1>>>(t.cycles, t.nanoseconds, 20000);
  if ((s.error = check(launched, "the timed call")).size()) return s;
  if ((s.error = check(finished, "the timed call")).size()) return s;
  if ((s.error = check(cudaDeviceSynchronize(), "the clock probe")).size()) return s;
  float ms = 0, ms_synced = 0;
  cudaEventElapsedTime(&ms, t.start, t.stop);
  cudaEventElapsedTime(&ms_synced, t.start, t.synced);
  long long c = 0;
  unsigned long long ns = 1;
  cudaMemcpy(&c, t.cycles, sizeof c, cudaMemcpyDeviceToHost);
  cudaMemcpy(&ns, t.nanoseconds, sizeof ns, cudaMemcpyDeviceToHost);
  s.ms = ms;
  s.ms_synced = ms_synced;
  s.sm_clock_mhz = ns ? 1e3 * static_cast<double>(c) / static_cast<double>(ns) : 0;
  return s;
}

}  // namespace kit
