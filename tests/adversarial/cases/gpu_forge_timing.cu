// broken: matmul-naive
// bug: takes the channel over (a copy of fd 3 made with fcntl, fd 3 sent to /dev/null) after its first launch, answers the grader itself, "done" for a run and a forged "sample" for a timed call (told apart by the persisting-L2 limit, which only the timer resets), and reports one and a half times the shortest time the GPU's peak FP32 rate allows, above the grader's physical floor, while a kernel four times slower than the reference computes the right outputs
// class: forging the timing on the result channel (catalogue 9, 15)
// defence: timing-bounds: a reported time is held to what the grader saw pass between asking for the sample and getting it (besides the physical floors from the trusted helper); grader-held-results: the outputs of every timed call are spot-checked in the arena
// backends: cuda
// expect-pass: small sizes
// expect-zero: performance
// expect-text: but the grader saw at least

// The channel carries only claims, so the forgery is one of them: a "sample" with a time. fcntl, close,
// open and the kit's own kit::write_record are no forbidden calls, so the object check lets this file
// through; the outputs are right, so the spot checks pass; the time is above the floors computed from
// the GPU's peak FP32 rate and bandwidth. What gives it away is the wall clock: the grader sees each timed
// call take as long as the slow kernel does.
#include <fcntl.h>
#include <unistd.h>
#include <string>
#include <cuda_runtime.h>
#include "kit/channel.h"
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

// The shortest time 2 Width^3 operations take at this GPU's peak FP32 rate (128 lanes a multiprocessor,
// two operations a fused multiply-add, the peak clock), as the grader computes its floor.
static double peak_rate_ms(int Width)
{
    int device = 0, sms = 0, khz = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device);
    return 2.0 * Width * Width * (double)Width / ((double)sms * 128 * 2 * khz * 1e3) * 1e3;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The timer sets the persisting-L2 limit to 0 before every timed call; nothing else touches it.
    static bool first = true;
    size_t limit = 1;
    cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize);
    const bool timed = !first && limit == 0;
    slow_product(d_M, d_N, d_P, Width);  // the first call's launch reaches the record of runtime calls
    cudaDeviceSynchronize();
    cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20);
    static int channel = -1;
    if (first) {
        first = false;
        channel = fcntl(3, F_DUPFD, 100);
        close(3);
        open("/dev/null", O_WRONLY);  // the runner's true records go here
    }
    std::string record = "{\"type\":\"done\",\"status\":\"ok\"}";
    if (timed) {
        int khz = 0;
        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
        const std::string ms = std::to_string(1.5 * peak_rate_ms(Width));
        record = "{\"type\":\"sample\",\"error\":\"\",\"ms\":" + ms + ",\"ms_synced\":" + ms +
                 ",\"sm_clock_mhz\":" + std::to_string(khz / 1000) + "}";
    }
    kit::write_record(channel, kit::RecordType::json, record.data(), record.size());
}
