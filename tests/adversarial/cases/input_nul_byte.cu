// broken: matmul-naive
// bug: a NUL byte in a comment
// class: hostile file content
// defence: intake: not source text
// append: nul
// expect-build-fail: NUL byte
// expect-zero: score

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
