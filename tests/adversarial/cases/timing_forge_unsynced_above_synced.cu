// broken: timing-bandwidth
// bug: host_ms_without_sync is reported as 5 times host_ms_with_sync: a clock read without waiting cannot take longer than one that waited for the same launches
// class: forging a reported time (9)
// defence: timing-report-bounds: the clock without a synchronisation at most half the other on a GPU, at most three times it on the CPU backend
// expect-pass: event time matches the kit's
// expect-fail: host clock with and without synchronisation
// expect-text: host_ms_without_sync

// Honest events and synchronised clock; the unsynchronised time is made up from the synchronised one.
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
    launch_scale(d_x, d_y, n);  // warm-up
    cudaDeviceSynchronize();

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float elapsed_ms = 0;
    cudaEventElapsedTime(&elapsed_ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    report.event_ms = elapsed_ms / REPEATS;

    auto before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    report.host_ms_without_sync = host_ms(before, std::chrono::steady_clock::now()) / REPEATS;
    cudaDeviceSynchronize();

    before = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    report.host_ms_with_sync = host_ms(before, std::chrono::steady_clock::now()) / REPEATS;
    report.host_ms_without_sync = 5 * report.host_ms_with_sync;
    report.effective_gbps = 8.0 * n / (report.event_ms / 1e3) / 1e9;
    return report;
}
