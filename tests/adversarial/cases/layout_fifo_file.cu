// broken: matmul-naive
// bug: the fixed file name in the folder is a fifo: a grader that opens it waits forever
// class: submission layout
// defence: intake checks the kind before opening
// submit: fifo-file
// timeout: 60
// expect-exit: 2
// expect-message: is a fifo

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
