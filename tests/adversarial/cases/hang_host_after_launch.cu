// broken: matmul-naive
// bug: the kernel is right, but the host code then waits for its own copy of P[0] to change, and never copies it again: the loop after the launch never ends
// class: holding the grader
// defence: a run's host code gets limits.run_seconds after its last launch (the CPU backend's host watchdog, a GPU's stall limit); per-test timeouts as a last resort
// timeout: 240
// expect-zero: correctness
// expect-text: timed out
// expect-text-cpu: timed out: the host code hung at matmul_naive.cu:38
// expect-text-cuda: one run went on for more than 10 s

#include <cuda_runtime.h>
#include "matmul_naive.h"

constexpr int BLOCK_WIDTH = 16;

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    int blocksPerSide = (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(blocksPerSide, blocksPerSide);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
    cudaDeviceSynchronize();
    float first = 0;
    cudaMemcpy(&first, d_P, sizeof(float), cudaMemcpyDeviceToHost);
    // Waits for a value that no one will write again.
    volatile float seen = first;
    while (seen == first) {
    }
}
