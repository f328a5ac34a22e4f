#include "timing_protocol.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

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

// Writes the harness's poison into every element of a 4-byte output before each timed call, so the
// grader's check of the last timed output can tell an element the kernel skipped when timed (cudaMemset
// writes bytes, not a 4-byte pattern).
__global__ void fill_poison(unsigned* out, std::size_t count, unsigned pattern) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = pattern;
}

std::string check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return {};
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The standard error of a median is about 1.2533 times that of the mean for near-normal samples.
double relative_standard_error_of_median(const std::vector<double>& v, double median) {
  if (v.size() < 2 || median <= 0) return 1.0;
  double mean = 0;
  for (double x : v) mean += x;
  mean /= v.size();
  double var = 0;
  for (double x : v) var += (x - mean) * (x - mean);
  var /= (v.size() - 1);
  return 1.2533 * std::sqrt(var / v.size()) / median;
}

}  // namespace

bool timing_available() { return true; }

TimingResult time_student(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims,
                          const std::vector<TimedOutput>& outputs, const TimingOptions& o) {
  TimingResult r;
  int device = 0, l2_bytes = 0, clock_khz = 0, mem_khz = 0, bus_bits = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device);
  cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device);
  cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, device);
  cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device);
  r.nominal_sm_clock_mhz = clock_khz / 1000.0;
  r.memory_bandwidth_gbs = 2.0 * mem_khz * 1e3 * (bus_bits / 8.0) / 1e9;

  void* flush = nullptr;
  const std::size_t flush_bytes = 2 * static_cast<std::size_t>(std::max(l2_bytes, 1 << 20));
  long long* cycles = nullptr;
  unsigned long long* nanoseconds = nullptr;
  cudaEvent_t start, stop;
  if ((r.error = check(cudaMalloc(&flush, flush_bytes), "cudaMalloc (L2 flush buffer)")).size()) return r;
  cudaMalloc(&cycles, sizeof *cycles);
  cudaMalloc(&nanoseconds, sizeof *nanoseconds);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);

  auto poison_outputs = [&] {
    for (const TimedOutput& out : outputs) {
      if (out.element_size == 4)
        fill_poison<<<256, 256>>>(static_cast<unsigned*>(out.data), out.bytes / 4, out.pattern);
      else
        cudaMemsetAsync(out.data, static_cast<int>(out.pattern & 0xFF), out.bytes);
    }
  };

  for (int i = 0; i < o.warmup_calls; ++i) {
    poison_outputs();
    entry.call(arrays, dims);
  }
  if ((r.error = check(cudaDeviceSynchronize(), "warm-up")).size()) return r;
  if ((r.error = check(cudaGetLastError(), "warm-up launch")).size()) return r;

  double clock_sum = 0, gpu_seconds = 0;
  const auto begin = std::chrono::steady_clock::now();
  for (;;) {
    // A persisting-L2 carve-out survives a flush, so clear it first; then evict everything else.
    cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
    cudaCtxResetPersistingL2Cache();
    cudaMemsetAsync(flush, 0, flush_bytes);
    poison_outputs();
    cudaEventRecord(start);
    entry.call(arrays, dims);
    cudaEventRecord(stop);
    probe_sm_clock<<<1, 1>>>(cycles, nanoseconds, 20000);
    if ((r.error = check(cudaDeviceSynchronize(), "timed run")).size()) return r;
    if ((r.error = check(cudaGetLastError(), "timed launch")).size()) return r;
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    long long c = 0;
    unsigned long long ns = 1;
    cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost);
    cudaMemcpy(&ns, nanoseconds, sizeof ns, cudaMemcpyDeviceToHost);
    const double mhz = ns ? 1e3 * static_cast<double>(c) / static_cast<double>(ns) : 0;
    if (clock_khz > 0 && mhz < 0.75 * r.nominal_sm_clock_mhz) {
      ++r.discarded_throttled;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } else {
      r.samples_ms.push_back(ms);
      clock_sum += mhz;
      gpu_seconds += ms / 1e3;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const int n = static_cast<int>(r.samples_ms.size());
    if (n >= o.min_samples) {
      r.median_ms = median_of(r.samples_ms);
      r.relative_standard_error = relative_standard_error_of_median(r.samples_ms, r.median_ms);
      if ((r.relative_standard_error <= o.target_rse && gpu_seconds >= o.min_seconds) || n >= o.max_samples) break;
    }
    if (wall > o.max_seconds && n >= 3) break;
    if (wall > 4 * o.max_seconds) {
      r.error = "every sample was taken while the GPU was throttled";
      break;
    }
  }
  if (!r.samples_ms.empty()) {
    r.median_ms = median_of(r.samples_ms);
    r.relative_standard_error = relative_standard_error_of_median(r.samples_ms, r.median_ms);
    r.sm_clock_mhz = clock_sum / r.samples_ms.size();
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(cycles);
  cudaFree(nanoseconds);
  cudaFree(flush);
  return r;
}

}  // namespace kit
