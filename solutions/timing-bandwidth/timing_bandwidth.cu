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

    // BEGIN SOLUTION
    // STARTER: // TODO: Warm up: one launch_scale and a cudaDeviceSynchronize before anything is timed,
    // STARTER: //       so the first launch's one-time costs stay out of the measurement (README, "Warm-up").
    // The first launch pays for loading the kernel onto the GPU: keep it out of the measurement.
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Time REPEATS launches with events: create start and stop, record start, launch,
    // STARTER: //       record stop, wait for stop with cudaEventSynchronize, read the time between them with
    // STARTER: //       cudaEventElapsedTime, and divide by REPEATS. Destroy both events (README, "Events").
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
    report.event_ms = elapsed_ms / REPEATS;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Time REPEATS launches with std::chrono::steady_clock twice: once reading the clock
    // STARTER: //       right after the launches (host_ms_without_sync), once after cudaDeviceSynchronize
    // STARTER: //       (host_ms_with_sync). Divide both by REPEATS (README, "The host's clock").
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
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Effective bandwidth of one launch: the bytes it reads plus the bytes it writes,
    // STARTER: //       divided by event_ms, in GB/s (1e9 bytes per second; README, "Effective bandwidth").
    // Each element is read once from x and written once to y, 4 bytes each way.
    double bytes = 2.0 * 4.0 * n;
    report.effective_gbps = bytes / (report.event_ms / 1e3) / 1e9;
    // END SOLUTION

    return report;
}
