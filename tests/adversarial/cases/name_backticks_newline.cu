// broken: matmul-naive
// bug: the submission folder name holds backticks, a newline, quotes and a semicolon
// class: hostile file names
// defence: the grader passes paths as arguments, never through a shell
// folder-name: `touch @MARK@-tick`\n; touch @MARK@-semi; "quoted'\ttab
// expect-zero: correctness

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
