// broken: matmul-rect
// bug: the phase count is computed from j instead of k, so the product stops early whenever j < k
// expect-fail: rectangular, multiples of the tile
// expect-fail: rectangular, not multiples of the tile
// expect-fail: other tile widths
// expect-pass: square shapes
// expect-text: elements wrong
// expect-text: the phase count is computed from j
// expect-diagnosis: wrong-answer

// Rectangular tiled matrix multiplication with one deliberate bug, described above.
// When ceil(j / TILE_WIDTH) >= ceil(k / TILE_WIDTH) the extra phases load only zeros and the result is
// right (67x53x64, 191x19x241, 1000x1x1).
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

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    // One phase per tile of P's height.
    int numPhases = (j + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        // M is j x k: its row index is bounded by j, its column index by k, and a row is k floats long.
        if (Row < j && ph * TILE_WIDTH + tx < k)
            Mds[ty][tx] = M[Row * k + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;

        // N is k x l: its row index is bounded by k, its column index by l, and a row is l floats long.
        if (ph * TILE_WIDTH + ty < k && Col < l)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * l + Col];
        else
            Nds[ty][tx] = 0.0f;

        // Read-after-write: the tiles must be complete before anyone reads them.
        __syncthreads();

        // The counter is i because k already names the shared dimension.
        for (int i = 0; i < TILE_WIDTH; ++i)
            Pvalue += Mds[ty][i] * Nds[i][tx];

        // Write-after-read: nobody may overwrite the tiles while others still read them.
        __syncthreads();
    }

    // P is j x l: rows bounded by j, columns by l.
    if (Row < j && Col < l)
        P[Row * l + Col] = Pvalue;
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    // x runs along the columns of P (l of them), y along its rows (j of them); k does not shape the grid.
    dim3 dimGrid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);

    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
}
