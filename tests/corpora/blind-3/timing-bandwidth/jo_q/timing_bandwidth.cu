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
    using clock = std::chrono::steady_clock;

    // one untimed launch so loading the kernel isn't measured
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    cudaEventRecord(start, 0);
    for (int rep = 0; rep < REPEATS; ++rep)
        launch_scale(d_x, d_y, n);
    cudaEventRecord(stop, 0);
    cudaEventSynchronize(stop);

    float gpuMs = 0.0f;
    cudaEventElapsedTime(&gpuMs, start, stop);
    report.event_ms = gpuMs;

    cudaEventDestroy(start);
    cudaEventDestroy(stop);

    // host clock, without and with waiting for the GPU
    cudaDeviceSynchronize();
    clock::time_point a = clock::now();
    for (int rep = 0; rep < REPEATS; ++rep)
        launch_scale(d_x, d_y, n);
    clock::time_point b = clock::now();
    report.host_ms_without_sync = host_ms(a, b) / REPEATS;

    cudaDeviceSynchronize();
    a = clock::now();
    for (int rep = 0; rep < REPEATS; ++rep)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    b = clock::now();
    report.host_ms_with_sync = host_ms(a, b) / REPEATS;

    // x is read once and y written once: 2 * 4 bytes per element
    const double bytes = 2.0 * sizeof(float) * n;
    const double seconds = report.event_ms * 1e-3;
    report.effective_gbps = bytes / seconds / 1e9;

    return report;
}
