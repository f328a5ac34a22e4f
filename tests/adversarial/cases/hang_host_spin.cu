// broken: matmul-naive
// bug: the host function spins forever, ignoring SIGTERM and SIGINT: every test waits for its time limit
// class: holding the grader
// defence: per-test timeouts (SIGKILL); time-budget: a per-submission budget ends the grading within minutes
// timeout: 240
// expect-zero: correctness
// expect-text: timed out

#include <csignal>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    signal(SIGTERM, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    for (volatile unsigned long spin = 0;; spin = spin + 1) {
    }
}
