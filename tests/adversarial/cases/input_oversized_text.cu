// broken: matmul-naive
// bug: a 2 MiB comment: valid text, larger than a source file may be
// class: hostile file content
// defence: intake: larger than the 1 MiB a source file may have
// append: comment 2097152
// expect-build-fail: a source file may have
// expect-zero: score

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
