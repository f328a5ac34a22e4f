// broken: matmul-naive
// bug: a kernel that never ends, at every size: the CPU backend's watchdog stops each test after 10 s, and so does a GPU's stall limit (limits.run_seconds)
// class: holding the grader
// defence: the watchdog and per-test timeouts; time-budget: a per-submission budget ends the grading within minutes
// timeout: 240
// expect-zero: correctness
// expect-text: timed out

#include "matmul_naive.h"

// Waits for a value no thread ever stores. (A loop on a volatile local did not hang: built by nvcc 13.0,
// the kernel ended at once on an H100.)
__global__ void Spin(float* P, int Width)
{
    volatile float* watched = P;
    while (watched[0] != -12345.0f) {
    }
    P[0] = Width;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    Spin<<<1, 32>>>(d_P, Width);
}
