// BLIND-BUG: the stop event is recorded right after start, before the launch loop, so the events enclose no launch (event placed on the wrong side of the launches).
// BLIND-LINE: 38
// Timing a kernel with events and with the host's clock, and its effective bandwidth.
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

static double host_ms(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

TimingReport time_scale(const float* d_x, float* d_y, int n)
{
    TimingReport report = {0, 0, 0, 0};

    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    cudaEventRecord(stop);
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    report.event_ms = ms / REPEATS;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);

    auto before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    auto after = std::chrono::steady_clock::now();
    report.host_ms_without_sync = host_ms(before, after) / REPEATS;
    cudaDeviceSynchronize();

    before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    after = std::chrono::steady_clock::now();
    report.host_ms_with_sync = host_ms(before, after) / REPEATS;

    double bytes = 8.0 * n;
    report.effective_gbps = bytes / (report.event_ms / 1000.0) / 1e9;

    return report;
}
