// Timing a kernel: with two CUDA events, which the GPU stamps as it reaches them, and with a host clock,
// which only sees when the CPU got there. The kernel and its launch are given; time_scale measures
// REPEATS launches both ways and turns the event time into an effective bandwidth. The handout
// (assignments/timing-bandwidth/README.md) explains every step.
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

    // warm-up: first launch pays the one-time costs
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    // events around REPEATS launches
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    cudaEventRecord(start);
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);

    float elapsed = 0.0f;
    cudaEventElapsedTime(&elapsed, start, stop);
    report.event_ms = elapsed / REPEATS;

    cudaEventDestroy(start);
    cudaEventDestroy(stop);

    // host clock without synchronising
    cudaDeviceSynchronize();
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    auto t1 = std::chrono::steady_clock::now();
    report.host_ms_without_sync = host_ms(t0, t1) / REPEATS;

    // host clock with synchronising
    cudaDeviceSynchronize();
    auto t2 = std::chrono::steady_clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    auto t3 = std::chrono::steady_clock::now();
    cudaDeviceSynchronize();
    report.host_ms_with_sync = host_ms(t2, t3) / REPEATS;

    // effective bandwidth: 4n bytes read + 4n bytes written, GB/s
    double bytes = 8.0 * (double)n;
    report.effective_gbps = bytes / (report.event_ms / 1000.0) / 1e9;

    return report;
}
