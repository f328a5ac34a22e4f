// broken: matmul-naive
// bug: defines the runner's timer itself (kit::time_one_call and kit::timing_available, the whole of the runner library's timing member), so that the linker never takes the runner's: every timed call runs the student's function once and reports one and a half times the shortest time the GPU's peak FP32 rate allows
// class: patching the timer by symbol interposition (catalogue 10)
// defence: symbol-check: the object's definitions are read too, and one in namespace kit replaces the runner's own code; behind it, timing-bounds would hold the reported time to the wall clock the grader saw
// backends: cuda
// command: grade
// expect-build-fail: defines kit::
// expect-build-fail: defines kit::time_one_call
// expect-zero: score

// Defining cudaEventElapsedTime instead is refused the same way (gpu_patch_event_timer.cu). The runner's
// timer is an object of its own in a static library, linked only when a symbol it defines is still
// undefined; defining both of its functions here would keep it out of the link.
#include <string>
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

// The runner's declaration (grader/runner/timing_protocol.h), copied: same name, same layout.
struct Sample {
    std::string error;
    double ms = 0;
    double ms_synced = 0;
    double sm_clock_mhz = 0;
};

bool timing_available() { return true; }

Sample time_one_call(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims)
{
    entry.call(arrays, dims);  // the outputs the grader spot-checks are right
    cudaDeviceSynchronize();
    int device = 0, sms = 0, khz = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device);
    const double width = dims.empty() ? 0 : (double)dims[0];
    Sample s;
    s.ms = s.ms_synced = 1.5 * 2.0 * width * width * width / ((double)sms * 128 * 2 * khz * 1e3) * 1e3;
    s.sm_clock_mhz = khz / 1000.0;
    return s;
}

}  // namespace kit

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    slow_product(d_M, d_N, d_P, Width);
}
