// broken: matmul-naive
// bug: a 50 KB comment after an empty function
// class: hostile file content
// defence: every step reads any size of text up to the intake limit
// append: comment 51200
// expect-zero: correctness

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
