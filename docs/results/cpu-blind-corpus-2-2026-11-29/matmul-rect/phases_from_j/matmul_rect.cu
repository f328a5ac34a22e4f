// BLIND-BUG: numPhases is computed from j (the rows of M) instead of the shared dimension k, so the dot products stop early whenever j needs fewer tiles than k (and waste phases when it needs more)
// BLIND-LINE: 22
// Tiled matrix multiplication for rectangular matrices: M is j x k, N is k x l, P = M x N is j x l.
// The handout (assignments/matmul-rect/README.md) explains every step.
#include "matmul_rect.h"

// The square tiled kernel with Width split into its three roles: j counts the rows of M and P, k is the
// shared dimension (columns of M, rows of N), l counts the columns of N and P.
__global__ void RectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;   // 0 .. j-1
    int Col = bx * TILE_WIDTH + tx;   // 0 .. l-1

    float Pvalue = 0;

    int numPhases = (j + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        int mCol = ph * TILE_WIDTH + tx;
        int nRow = ph * TILE_WIDTH + ty;

        if (Row < j && mCol < k)
            Mds[ty][tx] = M[Row * k + mCol];
        else
            Mds[ty][tx] = 0.0f;

        if (nRow < k && Col < l)
            Nds[ty][tx] = N[nRow * l + Col];
        else
            Nds[ty][tx] = 0.0f;

        __syncthreads();

        for (int i = 0; i < TILE_WIDTH; ++i)
            Pvalue += Mds[ty][i] * Nds[i][tx];

        __syncthreads();
    }

    if (Row < j && Col < l)
        P[Row * l + Col] = Pvalue;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);

    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
