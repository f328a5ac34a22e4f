// broken: timing-bandwidth
// bug: the host clocks are never read: both host times are reported as 1000 times the event time
// class: forging a reported time (9)
// defence: timing-report-bounds: a host time per launch is at most a few times the kernel's (the kit's time on a GPU, the run's own launches on the CPU backend)
// expect-pass: the kernel's result after timing
// expect-pass: event time matches the kit's
// expect-fail: host clock with and without synchronisation
// expect-zero: host clock with and without synchronisation
// expect-text: host_ms_with_sync
// expect-text: is more than the

// Honest events and bandwidth; the two host times are made up, far above anything the launches took
// (on an H200 this scored the host-clock points with 105 ms per launch against the kit's 0.11 ms).
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

    report.host_ms_without_sync = 1000.0 * report.event_ms;
    report.host_ms_with_sync = 1000.0 * report.event_ms;
    report.effective_gbps = 8.0 * n / (report.event_ms / 1e3) / 1e9;
    return report;
}
