// broken: timing-bandwidth
// bug: event_ms holds the time in seconds: cudaEventElapsedTime already gives milliseconds
// expect-pass: the kernel's result after timing
// expect-fail: event time matches the kit's
// expect-text: a time in seconds reported as milliseconds

// The timing functions with one deliberate bug, described above: the elapsed time is divided by 1000
// as if it were in microseconds, so event_ms is in seconds.
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

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaEventRecord(stop);
    // The launches return at once; the time between the events is known only when the GPU reaches stop.
    cudaEventSynchronize(stop);
    float elapsed_ms = 0;
    cudaEventElapsedTime(&elapsed_ms, start, stop);
    report.event_ms = elapsed_ms / 1000 / REPEATS;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);

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
