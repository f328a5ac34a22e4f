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

    // Warm up
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    // Events
    cudaEvent_t evStart, evStop;
    cudaEventCreate(&evStart);
    cudaEventCreate(&evStop);
    cudaEventRecord(evStart);
    for (int i = 0; i < REPEATS; i++) {
        launch_scale(d_x, d_y, n);
    }
    cudaEventRecord(evStop);
    cudaEventSynchronize(evStop);
    float totalMs = 0;
    cudaEventElapsedTime(&totalMs, evStart, evStop);
    cudaEventDestroy(evStart);
    cudaEventDestroy(evStop);
    report.event_ms = (double)totalMs / REPEATS;

    // Host clock, read right after the launches are queued
    auto before = std::chrono::steady_clock::now();
    for (int i = 0; i < REPEATS; i++) {
        launch_scale(d_x, d_y, n);
    }
    auto after = std::chrono::steady_clock::now();
    report.host_ms_without_sync = host_ms(before, after) / REPEATS;
    cudaDeviceSynchronize();

    // Host clock, read after the device is done
    before = std::chrono::steady_clock::now();
    for (int i = 0; i < REPEATS; i++) {
        launch_scale(d_x, d_y, n);
    }
    cudaDeviceSynchronize();
    after = std::chrono::steady_clock::now();
    report.host_ms_with_sync = host_ms(before, after) / REPEATS;

    // Effective bandwidth in GB/s: bytes read + bytes written per launch
    double bytesMoved = 2.0 * n * sizeof(float);
    report.effective_gbps = bytesMoved / report.event_ms / 1e9;

    return report;
}
