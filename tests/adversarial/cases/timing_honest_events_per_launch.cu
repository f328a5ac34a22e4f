// broken: timing-bandwidth
// bug: none: a correct file that times each launch with its own pair of event records and averages them, and reads the host clock with high_resolution_clock
// class: honest work, a different way (must keep full marks)
// defence: timing-report-bounds must not refuse it
// expect-pass: the kernel's result after timing
// expect-pass: event time matches the kit's
// expect-pass: effective bandwidth from the event time
// expect-pass: host clock with and without synchronisation
// expect-pass: every event destroyed

// A correct timing in another style than the kit's: events around each launch, read after each, summed
// and divided by REPEATS; three warm-up launches; std::chrono::high_resolution_clock.
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

TimingReport time_scale(const float* d_x, float* d_y, int n)
{
    TimingReport report = {0, 0, 0, 0};
    for (int w = 0; w < 3; ++w)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    cudaEvent_t start, stop;
    cudaEventCreateWithFlags(&start, cudaEventDefault);
    cudaEventCreateWithFlags(&stop, cudaEventDefault);
    double total_ms = 0;
    for (int r = 0; r < REPEATS; ++r) {
        cudaEventRecord(start);
        launch_scale(d_x, d_y, n);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        total_ms += ms;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    report.event_ms = total_ms / REPEATS;

    using Clock = std::chrono::high_resolution_clock;
    Clock::time_point t0 = Clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    Clock::time_point t1 = Clock::now();
    cudaDeviceSynchronize();
    report.host_ms_without_sync = std::chrono::duration<double, std::milli>(t1 - t0).count() / REPEATS;

    t0 = Clock::now();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    t1 = Clock::now();
    report.host_ms_with_sync = std::chrono::duration<double, std::milli>(t1 - t0).count() / REPEATS;

    report.effective_gbps = (4.0 * n + 4.0 * n) / (report.event_ms * 1e-3) / 1e9;
    return report;
}
