// broken: matmul-naive
// bug: kill(getppid(), SIGKILL) and kill(-getppid(), SIGKILL): the parent is the grader when no sandbox stands between
// class: killing the grader
// defence: symbol-check (kill); sandbox: the parent is the sandbox's init, in a pid namespace of its own
// expect-build-fail-nvcc: calls kill, which no submission may
// expect-zero: correctness

#include <csignal>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    kill(getppid(), SIGKILL);
    kill(-getppid(), SIGKILL);
}
