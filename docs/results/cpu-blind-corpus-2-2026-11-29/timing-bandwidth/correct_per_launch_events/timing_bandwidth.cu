// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Timing a kernel with events (one pair around each launch, summed) and with the host's clock.
#include <chrono>

#include "timing_bandwidth.h"

// Given: do not change. Each thread scales one element; the grader times its own copy of this kernel.
__global__ void scaleKernel(const float* x, float* y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i];
}

// Given: do not change. One launch, with enough blocks of 256 threads to cover n elements.
void launch_scale(const float* d_x, float* d_y, int n)
{
    scaleKernel<<<(n + 255) / 256, 256>>>(d_x, d_y, 2.0f, n);
}

// Milliseconds between two readings of the host's clock.
static double host_ms(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

TimingReport time_scale(const float* d_x, float* d_y, int n)
{
    TimingReport report = {0, 0, 0, 0};
    using clock = std::chrono::steady_clock;

    launch_scale(d_x, d_y, n);          // warm-up
    cudaDeviceSynchronize();

    // one pair of events, recorded around every launch; the per-launch times are summed
    cudaEvent_t before, after;
    cudaEventCreate(&before);
    cudaEventCreate(&after);
    double totalMs = 0.0;
    for (int r = 0; r < REPEATS; ++r) {
        cudaEventRecord(before, 0);
        launch_scale(d_x, d_y, n);
        cudaEventRecord(after, 0);
        cudaEventSynchronize(after);
        float ms = 0.0f;
        cudaEventElapsedTime(&ms, before, after);
        totalMs += ms;
    }
    cudaEventDestroy(after);
    cudaEventDestroy(before);
    report.event_ms = totalMs / REPEATS;

    clock::time_point a = clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    clock::time_point b = clock::now();
    cudaDeviceSynchronize();
    report.host_ms_without_sync = host_ms(a, b) / REPEATS;

    a = clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    b = clock::now();
    report.host_ms_with_sync = host_ms(a, b) / REPEATS;

    // 8 bytes per element (4 read, 4 written); bytes per ms / 1e6 = GB/s
    report.effective_gbps = 8.0 * (double)n / (report.event_ms * 1.0e6);
    return report;
}
