// broken: matmul-naive
// bug: a kernel that never ends, at every size: the CPU backend's watchdog stops each test after 10 s, a GPU after the test's time limit
// class: holding the grader
// defence: the watchdog and per-test timeouts; time-budget: a per-submission budget ends the grading within minutes
// timeout: 240
// expect-zero: correctness
// expect-text: timed out

#include "matmul_naive.h"

__global__ void Spin(float* P, int Width)
{
    volatile int forever = 1;
    while (forever) {
    }
    P[0] = Width;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    Spin<<<1, 32>>>(d_P, Width);
}
