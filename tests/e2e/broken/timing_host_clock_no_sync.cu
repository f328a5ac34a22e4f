// broken: timing-bandwidth
// bug: event_ms is a host clock read right after the launches, without synchronising: only the launches are timed
// expect-pass: the kernel's result after timing
// expect-fail: event time matches the kit's
// expect-text: without synchronising

// The timing functions with one deliberate bug, described above: the kernel's time is taken with the
// host's clock instead of events, and the clock is read as soon as the launches are queued.
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

    // The first launch pays for loading the kernel onto the GPU: keep it out of the measurement.
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    report.event_ms = host_ms(start, std::chrono::steady_clock::now()) / REPEATS;
    cudaDeviceSynchronize();

    // Without a synchronisation the clock stops when the last launch has been queued, not run.
    auto before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    auto queued = std::chrono::steady_clock::now();
    report.host_ms_without_sync = host_ms(before, queued) / REPEATS;
    cudaDeviceSynchronize();  // the launches above finish before the next measurement starts

    before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    auto finished = std::chrono::steady_clock::now();
    report.host_ms_with_sync = host_ms(before, finished) / REPEATS;

    // Each element is read once from x and written once to y, 4 bytes each way.
    double bytes = 2.0 * 4.0 * n;
    report.effective_gbps = bytes / (report.event_ms / 1e3) / 1e9;

    return report;
}
