// The function your vector_add.cu must define. Unlike the other assignments, the grader hands it HOST
// pointers, as a program's own main would: h_A and h_B hold n floats each, and h_C has room for n. Your
// function does all of the GPU's work itself: it allocates device memory for the three vectors, copies
// A and B in, launches a kernel on a grid that covers all n elements, copies C back into h_C, and frees
// what it allocated, checking the error of every CUDA call on the way. n can be any value >= 1.
//
// When a CUDA call fails, print its error string (cudaGetErrorString) with the file and line
// (__FILE__, __LINE__) and end the program with exit(EXIT_FAILURE). The grader makes a cudaMalloc fail
// on purpose to see that you do.
#pragma once

// Threads per block. The grader also builds your file with -DBLOCK_SIZE=32 and -DBLOCK_SIZE=1024:
// compute the grid from this name.
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif

void vector_add(const float* h_A, const float* h_B, float* h_C, int n);
