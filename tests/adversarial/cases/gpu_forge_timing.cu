// broken: matmul-naive
// bug: in a timing run (--mode perf on its command line), takes the channel over (fcntl copy of fd 3, fd 3 sent to /dev/null) and reports 1 microsecond samples with the right output, and a memory bandwidth of 0 (which turns the grader's plausibility floor off)
// class: forging the timing on the result channel (catalogue 9, 15)
// defence: timing-bounds: a wall-clock bound and a physical peak bound on reported times; grader-held-results
// backends: cuda
// waits-for: timing-bounds
// expect-pass: small sizes
// expect-zero: performance

#include <fcntl.h>
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
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

static bool timing_run()
{
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(in)), {});
    return all.find(std::string("--mode\0perf", 11)) != std::string::npos;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    slow_product(d_M, d_N, d_P, Width);
    static bool sent = false;
    if (sent || !timing_run()) return;
    sent = true;
    std::vector<float> P((size_t)Width * Width);
    cudaMemcpy(P.data(), d_P, P.size() * sizeof(float), cudaMemcpyDeviceToHost);
    const int channel = fcntl(3, F_DUPFD, 100);
    close(3);
    open("/dev/null", O_WRONLY);  // the runner's true report goes here
    std::string samples;
    for (int i = 0; i < 20; ++i) samples += std::string(i ? "," : "") + "0.001";
    const std::string report = "{\"type\":\"perf\",\"error\":\"\",\"samples_ms\":[" + samples +
                               "],\"median_ms\":0.001,\"relative_standard_error\":0.0,\"discarded_throttled\":0,"
                               "\"sm_clock_mhz\":1980,\"nominal_sm_clock_mhz\":1980,\"memory_bandwidth_gbs\":0}";
    kit::write_record(channel, kit::RecordType::json, report.data(), report.size());
    kit::write_record(channel, kit::RecordType::array, P.data(), P.size() * sizeof(float));
}
