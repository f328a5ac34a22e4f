// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Timing with a small RAII holder for the events and bandwidth computed as bytes * 1e-6 / ms (valid).
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

namespace {
struct EventPair {
    cudaEvent_t a, b;
    EventPair() { cudaEventCreateWithFlags(&a, cudaEventDefault); cudaEventCreateWithFlags(&b, cudaEventDefault); }
    ~EventPair() { cudaEventDestroy(b); cudaEventDestroy(a); }
};

template <class F>
double clock_ms(F&& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(t1 - t0).count();
}
}  // namespace

TimingReport time_scale(const float* d_x, float* d_y, int n)
{
    TimingReport rep{};
    auto burst = [&] { for (int i = REPEATS; i > 0; --i) launch_scale(d_x, d_y, n); };

    launch_scale(d_x, d_y, n);           // warm-up
    cudaDeviceSynchronize();

    {
        EventPair ev;
        cudaEventRecord(ev.a, 0);
        burst();
        cudaEventRecord(ev.b, 0);
        cudaEventSynchronize(ev.b);
        float total = 0.0f;
        cudaEventElapsedTime(&total, ev.a, ev.b);
        rep.event_ms = static_cast<double>(total) / REPEATS;
    }

    rep.host_ms_without_sync = clock_ms(burst) / REPEATS;
    cudaDeviceSynchronize();
    rep.host_ms_with_sync = clock_ms([&] { burst(); cudaDeviceSynchronize(); }) / REPEATS;

    const double bytesPerLaunch = 2.0 * sizeof(float) * n;   // x read once, y written once
    rep.effective_gbps = bytesPerLaunch * 1e-6 / rep.event_ms;
    return rep;
}
