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

    // TODO: Warm up: one launch_scale and a cudaDeviceSynchronize before anything is timed,
    //       so the first launch's one-time costs stay out of the measurement (README, "Warm-up").

    // TODO: Time REPEATS launches with events: create start and stop, record start, launch,
    //       record stop, wait for stop with cudaEventSynchronize, read the time between them with
    //       cudaEventElapsedTime, and divide by REPEATS. Destroy both events (README, "Events").

    // TODO: Time REPEATS launches with std::chrono::steady_clock twice: once reading the clock
    //       right after the launches (host_ms_without_sync), once after cudaDeviceSynchronize
    //       (host_ms_with_sync). Divide both by REPEATS (README, "The host's clock").

    // TODO: Effective bandwidth of one launch: the bytes it reads plus the bytes it writes,
    //       divided by event_ms, in GB/s (1e9 bytes per second; README, "Effective bandwidth").

    return report;
}
