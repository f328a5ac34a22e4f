// broken: matmul-naive
// bug: the submission path itself is a symbolic link to a folder
// class: submission layout
// defence: intake refuses links
// submit: symlink-submission
// expect-exit: 2
// expect-message: is a symbolic link

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
