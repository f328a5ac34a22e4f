// broken: matmul-naive
// bug: reads M and N and writes P through the device pointers in host code, no kernel: works on the CPU backend, where device memory is host memory
// class: doing the work outside the kernel
// defence: host-access: the CPU backend diagnoses host access to device memory (a GPU crashes)
// expect-zero: correctness
// expect-text-cpu: host-access-to-device-memory

#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += d_M[r * Width + k] * d_N[k * Width + c];
            d_P[r * Width + c] = sum;
        }
}
