// Tiled matrix multiplication for rectangular matrices: M is j x k, N is k x l, P = M x N is j x l.
// The handout (assignments/matmul-rect/README.md) explains every step.
#include "matmul_rect.h"

// The square tiled kernel with Width split into its three roles: j counts the rows of M and P, k is the
// shared dimension (columns of M, rows of N), l counts the columns of N and P. A block still computes
// one TILE_WIDTH x TILE_WIDTH tile of P; the tiles themselves stay square.
__global__ void RectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    // row of P (0 .. j-1) and column of P (0 .. l-1)
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    // phases walk along the shared dimension k
    int numPhases = (k + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        // M is j x k
        if (Row < j && ph * TILE_WIDTH + tx < k)
            Mds[ty][tx] = M[Row * k + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;

        // N is k x l
        if (ph * TILE_WIDTH + ty < k && Col < l)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * k + Col];
        else
            Nds[ty][tx] = 0.0f;

        __syncthreads();

        for (int i = 0; i < TILE_WIDTH; ++i)
            Pvalue += Mds[ty][i] * Nds[i][tx];

        __syncthreads();
    }

    // P is j x l
    if (Row < j && Col < l)
        P[Row * l + Col] = Pvalue;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);

    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
