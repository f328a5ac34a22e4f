// broken: matmul-naive
// bug: the submission folder is named $(touch @MARK@), a shell command if any step hands the path to a shell
// class: hostile file names
// defence: the grader passes paths as arguments, never through a shell
// folder-name: $(touch @MARK@)
// expect-zero: correctness

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
