// broken: matmul-naive
// bug: the submission folder is named -rf --output=x and given as --submission=-rf ..., relative to the working folder
// class: hostile file names
// defence: the command line parser takes the value after = whole
// folder-name: -rf --output=@MARK@
// submission-arg: relative-equals
// expect-zero: correctness

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
