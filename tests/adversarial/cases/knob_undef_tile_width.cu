// broken: matmul-rect
// bug: #undef TILE_WIDTH / #define TILE_WIDTH 16 after the contract header: the -DTILE_WIDTH=8 and =32 builds compile the 16 version
// class: defeating the build the grader asked for
// defence: knob-check: the grader checks that a -D build really used the value
// expect-fail: other tile widths

#include "matmul_rect.h"

#undef TILE_WIDTH
#define TILE_WIDTH 16

__global__ void RectMatrixMulKernel(const float* M, const float* N, float* P, int j, int k, int l)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = blockIdx.y * TILE_WIDTH + ty;
    int Col = blockIdx.x * TILE_WIDTH + tx;
    float Pvalue = 0;
    for (int ph = 0; ph < (k + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
        Mds[ty][tx] = Row < j && ph * TILE_WIDTH + tx < k ? M[Row * k + ph * TILE_WIDTH + tx] : 0.0f;
        Nds[ty][tx] = ph * TILE_WIDTH + ty < k && Col < l ? N[(ph * TILE_WIDTH + ty) * l + Col] : 0.0f;
        __syncthreads();
        for (int i = 0; i < TILE_WIDTH; ++i) Pvalue += Mds[ty][i] * Nds[i][tx];
        __syncthreads();
    }
    if (Row < j && Col < l) P[Row * l + Col] = Pvalue;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);
    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
