// The function your matmul_naive.cu must define. The grader calls it with device pointers it allocated
// and filled: M, N and P are Width x Width matrices of floats in row-major order (element (Row, Col) is at
// Row * Width + Col). Launch your kernel on the default stream; the grader synchronises and checks P.
#pragma once

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width);
