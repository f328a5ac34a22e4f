// broken: matmul-tiled
// bug: none: a correct tiled kernel written as a template on the tile width (launched as TiledMatrixMulKernel<TILE_WIDTH>), with clamped loads times a 0/1 mask at the edges
// class: honest work the checks must not refuse
// defence: answer-flow: the record's "TiledMatrixMulKernel<TILE_WIDTH>" and the compiler's "void TiledMatrixMulKernel<16>(...)" are one kernel
// expect-pass: correctness
// expect-pass: technique

// Written from the handout alone, without the grader's code.
// Tiled matrix multiplication P = M x N for any Width >= 1.
// Style: the kernel is a template on the tile width, the tiles are flat 1-D arrays, and an edge load
// reads a clamped (always valid) address and multiplies it by a 0/1 mask instead of branching.
#include "matmul_tiled.h"

template <int TW>
__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TW * TW];
    __shared__ float Nds[TW * TW];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int Row = blockIdx.y * TW + ty;
    const int Col = blockIdx.x * TW + tx;
    const int last = Width - 1;
    const int r = Row < Width ? Row : last;     // clamped row of M
    const int c = Col < Width ? Col : last;     // clamped column of N

    float Pvalue = 0.0f;
    const int numPhases = (Width + TW - 1) / TW;
    for (int ph = 0; ph < numPhases; ++ph) {
        const int mc = ph * TW + tx, nr = ph * TW + ty;
        const float mMask = (Row < Width && mc < Width) ? 1.0f : 0.0f;
        const float nMask = (nr < Width && Col < Width) ? 1.0f : 0.0f;
        Mds[ty * TW + tx] = mMask * M[r * Width + (mc < Width ? mc : last)];
        Nds[ty * TW + tx] = nMask * N[(nr < Width ? nr : last) * Width + c];
        __syncthreads();
        for (int k = 0; k < TW; ++k)
            Pvalue += Mds[ty * TW + k] * Nds[k * TW + tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((Width + TILE_WIDTH - 1) / TILE_WIDTH, (Width + TILE_WIDTH - 1) / TILE_WIDTH);
    TiledMatrixMulKernel<TILE_WIDTH><<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
