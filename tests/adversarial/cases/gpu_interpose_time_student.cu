// broken: matmul-naive
// bug: defines the runner's timer itself (kit::time_student and kit::timing_available, all of timing_protocol.o), so the linker never takes the runner's: one honest call, then 1 microsecond samples and a memory bandwidth of 0 (no plausibility floor)
// class: patching the timer by symbol interposition (catalogue 10)
// defence: timing-bounds: a wall-clock and a physical peak bound on reported times
// backends: cuda
// waits-for: timing-bounds
// expect-pass: small sizes
// expect-zero: performance

// Defining cudaEventElapsedTime instead fails to link (gpu_patch_event_timer.cu): the CUDA runtime is one
// object. The runner's timer is an object of its own in a static library, linked only when a symbol it
// defines is still undefined; defining both of its functions here keeps it out.
#include <cstdint>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include "kit/harness.h"
#include "matmul_naive.h"

// Four times the work of the naive kernel (each repetition reloads: the fence keeps the compiler from
// reusing the loads), so that honestly timed it earns no performance points against the reference.
__global__ void SlowMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int rep = 0; rep < 4; ++rep) {
        float sum = 0;
        for (int k = 0; k < Width; ++k) sum += M[Row * Width + k] * N[k * Width + Col];
        Pvalue = sum;
        __threadfence_block();
    }
    P[Row * Width + Col] = Pvalue;
}

static void slow_product(const float* d_M, const float* d_N, float* d_P, int Width, cudaStream_t stream = 0)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    SlowMatrixMulKernel<<<grid, block, 0, stream>>>(d_M, d_N, d_P, Width);
}

namespace kit {

// The runner's declarations (grader/runner/timing_protocol.h), copied: same names, same layout.
struct TimingOptions {
    int warmup_calls, min_samples, max_samples;
    double min_seconds, max_seconds, target_rse;
};
struct TimingResult {
    std::string error;
    std::vector<double> samples_ms;
    double median_ms = 0, relative_standard_error = 0;
    int discarded_throttled = 0;
    double sm_clock_mhz = 0, nominal_sm_clock_mhz = 0, memory_bandwidth_gbs = 0;
};
struct TimedOutput {
    void* data = nullptr;
    std::size_t bytes = 0, element_size = 4;
    std::uint32_t pattern = 0;
};

bool timing_available() { return true; }

TimingResult time_student(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims,
                          const std::vector<TimedOutput>&, const TimingOptions&)
{
    entry.call(arrays, dims);  // the outputs the grader checks are right
    cudaDeviceSynchronize();
    TimingResult r;
    r.samples_ms.assign(20, 0.001);
    r.median_ms = 0.001;
    r.sm_clock_mhz = r.nominal_sm_clock_mhz = 1980;
    r.memory_bandwidth_gbs = 0;  // the grader's plausibility floor is computed from it
    return r;
}

}  // namespace kit

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    slow_product(d_M, d_N, d_P, Width);
}
