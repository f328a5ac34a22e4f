// broken: tiled-dynamic
// bug: the naive kernel with a barrier and no shared memory; `extern __shared__` is written only in a comment and a string
// class: technique points for no work
// defence: technique checks read the code with comments and literals blanked (code_without_comments_and_literals)
// expect-zero: uses shared memory
// expect-pass: on the default device
// expect-pass: on every device

#include "tiled_dynamic.h"

// extern __shared__ float tiles[];   (the tiles would go here)
static const char kNote[] = "extern __shared__ float tiles[];";

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    float Pvalue = 0;
    if (Row < Width && Col < Width)
        for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    __syncthreads();  // a barrier for ptxas to count
    if (Row < Width && Col < Width) P[Row * Width + Col] = Pvalue;
}

// The launch follows the handout's rule, so only the technique is in question.
void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    int tile_width = 32;
    while (tile_width > 1 && (tile_width * tile_width > prop.maxThreadsPerBlock ||
                              2 * tile_width * tile_width * sizeof(float) > prop.sharedMemPerBlock))
        tile_width /= 2;
    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float) + (kNote[0] == 'e' ? 0 : 1);
    dim3 dimBlock(tile_width, tile_width);
    dim3 dimGrid((Width + tile_width - 1) / tile_width, (Width + tile_width - 1) / tile_width);
    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
