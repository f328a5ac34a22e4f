// broken: matmul-naive
// bug: the submission path itself is a fifo with the fixed name
// class: submission layout
// defence: intake checks the kind before opening
// submit: fifo-submission
// timeout: 60
// expect-exit: 2
// expect-message: is a fifo

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
