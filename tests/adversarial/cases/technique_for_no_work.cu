// broken: matmul-tiled
// bug: computes P on the host beside a launched kernel that stages a tile in shared memory behind a barrier, for the technique points
// class: doing the work outside the kernel
// defence: answer-flow: technique checks judge only the kernels whose writes reached a passing output; this one reached none
// expect-zero: correctness
// expect-zero: technique
// expect-text: the answer came from host code: your code copied the input M

#include <vector>
#include <cuda_runtime.h>
#include "matmul_tiled.h"

// Looks the part for a check that reads nvcc's resource usage: shared memory and a barrier.
__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    Mds[threadIdx.y][threadIdx.x] = 0;
    __syncthreads();
    if (Mds[threadIdx.x][threadIdx.y] != 0) P[0] = 1;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n), P(n);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(N.data(), d_N, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int r = 0; r < Width; ++r)
        for (int k = 0; k < Width; ++k) {
            const float m = M[(size_t)r * Width + k];
            for (int c = 0; c < Width; ++c) P[(size_t)r * Width + c] += m * N[(size_t)k * Width + c];
        }
    TiledMatrixMulKernel<<<1, dim3(TILE_WIDTH, TILE_WIDTH)>>>(d_M, d_N, d_P, Width);
    cudaDeviceSynchronize();
    cudaMemcpy(d_P, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
