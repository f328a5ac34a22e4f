// broken: matmul-naive
// bug: the host function spins forever, ignoring SIGTERM and SIGINT
// class: holding the grader
// defence: a run's host code gets limits.run_seconds (the CPU backend's host watchdog, a GPU's stall limit); per-test timeouts (SIGKILL) as a last resort
// timeout: 240
// expect-zero: correctness
// expect-text: timed out
// expect-text-cpu: timed out: the host code hung at matmul_naive.cu:18
// expect-text-cuda: one run went on for more than 10 s

#include <csignal>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    signal(SIGTERM, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    for (volatile unsigned long spin = 0;; spin = spin + 1) {
    }
}
