// broken: matmul-naive
// bug: bytes that are not UTF-8 in code, outside any comment or literal
// class: hostile file content
// defence: intake: not source text (comments may hold any bytes; code may not)
// append: invalid-utf8
// expect-build-fail: invalid UTF-8
// expect-zero: score

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
