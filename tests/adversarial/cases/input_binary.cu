// broken: matmul-naive
// bug: 1 MiB of random bytes after the code
// class: hostile file content
// defence: intake: not source text, or larger than the 1 MiB a source file may have
// append: binary 1048576
// expect-build-fail: the submission cannot be graded
// expect-zero: score

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
