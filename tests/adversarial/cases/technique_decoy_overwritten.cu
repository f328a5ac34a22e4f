// broken: matmul-tiled
// bug: a correct naive kernel computes P after a shared-memory "warm-up" kernel that writes one phase's partial product into P: at a size within one tile the partial product is the whole one, so the naive kernel's writes change nothing there
// class: technique points for no work
// defence: answer-flow: the technique is judged on the largest passing run's kernels, each with a real share of the answer's bytes
// expect-pass: correctness
// expect-zero: technique
// expect-text: its writes reached no passing output

// Written from the handout alone, without the grader's code.
// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1.
#include "matmul_tiled.h"

// Warm-up pass: stages the first pair of tiles in shared memory and writes a partial product into P.
__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    Mds[ty][tx] = (Row < Width && tx < Width) ? M[Row * Width + tx] : 0.0f;
    Nds[ty][tx] = (ty < Width && Col < Width) ? N[ty * Width + Col] : 0.0f;
    __syncthreads();
    float Pvalue = 0;
    for (int k = 0; k < TILE_WIDTH; ++k)
        Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

// The full product, one thread per element.
__global__ void FinishKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k)
        Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    int b = (Width + TILE_WIDTH - 1) / TILE_WIDTH;
    dim3 dimGrid(b, b);
    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
    FinishKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
