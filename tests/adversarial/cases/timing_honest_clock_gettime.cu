// broken: timing-bandwidth
// bug: none: a correct file that reads the host's clock with clock_gettime(CLOCK_MONOTONIC), measures the synchronised clock first, and records the events on an explicit stream 0
// class: honest work, a different way (must keep full marks)
// defence: timing-report-bounds must not refuse it
// expect-pass: the kernel's result after timing
// expect-pass: event time matches the kit's
// expect-pass: effective bandwidth from the event time
// expect-pass: host clock with and without synchronisation
// expect-pass: every event destroyed

// A correct timing in another style than the kit's: POSIX clock instead of std::chrono, the two host
// measurements in the other order, each preceded by its own synchronisation, and the event's wait by
// cudaDeviceSynchronize rather than cudaEventSynchronize.
#include <time.h>

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

// Milliseconds on the monotonic clock, which never jumps.
static double now_ms()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

TimingReport time_scale(const float* d_x, float* d_y, int n)
{
    TimingReport report = {0, 0, 0, 0};
    launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();

    double before = now_ms();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaDeviceSynchronize();
    report.host_ms_with_sync = (now_ms() - before) / REPEATS;

    before = now_ms();
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    report.host_ms_without_sync = (now_ms() - before) / REPEATS;
    cudaDeviceSynchronize();

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    for (int r = 0; r < REPEATS; ++r)
        launch_scale(d_x, d_y, n);
    cudaEventRecord(stop, 0);
    cudaDeviceSynchronize();
    float elapsed_ms = 0;
    cudaEventElapsedTime(&elapsed_ms, start, stop);
    report.event_ms = elapsed_ms / REPEATS;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);

    report.effective_gbps = 2.0 * sizeof(float) * n / report.event_ms / 1e6;
    return report;
}
