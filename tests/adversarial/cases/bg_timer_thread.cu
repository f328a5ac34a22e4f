// broken: matmul-naive
// bug: a POSIX timer with SIGEV_THREAD (a thread libc starts: no pthread_create in this file) computes P on the host through the device pointers, 20 ms after the call returned
// class: background work outside the call (catalogue 1, 17)
// defence: host-access: the CPU backend diagnoses host access to device memory, whenever it happens (a GPU crashes)
// expect-zero: correctness

#include <csignal>
#include <ctime>
#include "matmul_naive.h"

struct Work {
    const float *M, *N;
    float* P;
    int Width;
};

static void compute(union sigval value)
{
    const Work* w = (const Work*)value.sival_ptr;
    for (int r = 0; r < w->Width; ++r)
        for (int c = 0; c < w->Width; ++c) {
            float sum = 0;
            for (int k = 0; k < w->Width; ++k) sum += w->M[r * w->Width + k] * w->N[k * w->Width + c];
            w->P[r * w->Width + c] = sum;
        }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static Work work;
    work = {d_M, d_N, d_P, Width};
    sigevent event{};
    event.sigev_notify = SIGEV_THREAD;
    event.sigev_notify_function = compute;
    event.sigev_value.sival_ptr = &work;
    timer_t timer;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) return;
    itimerspec when{};
    when.it_value.tv_nsec = 20 * 1000 * 1000;
    timer_settime(timer, 0, &when, nullptr);
}
