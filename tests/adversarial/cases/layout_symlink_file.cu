// broken: matmul-naive
// bug: the fixed file name in the folder is a symbolic link (it could point at /etc/shadow or the solution)
// class: submission layout
// defence: intake refuses links
// submit: symlink-file
// expect-exit: 2
// expect-message: is a symbolic link

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width) {}
