// broken: matmul-naive
// bug: the submission folder is named -rf and given after --submission as a separate argument
// class: hostile file names
// defence: the command line parser: a grade, or exit 2 with its message; nothing run
// folder-name: -rf
// submission-arg: relative
// expect-zero: correctness

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
