// Tiled matrix multiplication for rectangular matrices: M is j x k, N is k x l, P = M x N is j x l.
// The handout (assignments/matmul-rect/README.md) explains every step.
#include "matmul_rect.h"

__global__ void RectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    int numPhases = (k + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        int mCol = ph * TILE_WIDTH + tx;  // column of M this thread loads
        int nRow = ph * TILE_WIDTH + ty;  // row of N this thread loads

        Mds[ty][tx] = (Row < j && mCol < k) ? M[Row * k + mCol] : 0.0f;
        Nds[ty][tx] = (nRow < k && Col < l) ? N[nRow * l + Col] : 0.0f;
        __syncthreads();

        for (int i = 0; i < TILE_WIDTH; ++i) {
            Pvalue += Mds[ty][i] * Nds[i][tx];
        }
        __syncthreads();
    }

    if (Row < j && Col < l) {
        P[Row * l + Col] = Pvalue;
    }
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    // P has j rows and l columns
    int blocksRows = (j + TILE_WIDTH - 1) / TILE_WIDTH;
    int blocksCols = (l + TILE_WIDTH - 1) / TILE_WIDTH;

    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(blocksRows, blocksCols);

    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
