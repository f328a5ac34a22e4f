// broken: matmul-naive
// bug: the host function blocks every signal it can, then spins: the CPU backend's watchdog cannot sample where it spins
// class: holding the grader
// defence: the host watchdog ends the run without the line (its sample waits 0.5 s, then gives up); SIGKILL cannot be blocked
// timeout: 240
// expect-zero: correctness
// expect-text: timed out
// expect-text-cpu: timed out: the host code hung
// expect-text-cuda: one run went on for more than 10 s

#include <csignal>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, nullptr);
    for (volatile unsigned long spin = 0;; spin = spin + 1) {
    }
}
