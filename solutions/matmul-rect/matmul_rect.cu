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

    // BEGIN SOLUTION
    // STARTER: // TODO: Compute Row (a row of P, 0 .. j-1) and Col (a column of P, 0 .. l-1) from by, bx, ty,
    // STARTER: //       tx and TILE_WIDTH, exactly as in the square kernel (README, "From Width to j, k and l").
    // STARTER: int Row = 0, Col = 0;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    // END SOLUTION

    float Pvalue = 0;

    // BEGIN SOLUTION
    // STARTER: // TODO: Set numPhases to the number of tiles along the shared dimension: the ceiling of
    // STARTER: //       k / TILE_WIDTH. Not j, not l: the phases walk along a row of M and down a column of N
    // STARTER: //       (README, "How many phases").
    // STARTER: int numPhases = 0;
    // The phases walk along the shared dimension, so k alone decides how many there are.
    int numPhases = (k + TILE_WIDTH - 1) / TILE_WIDTH;
    // END SOLUTION

    for (int ph = 0; ph < numPhases; ++ph) {
        // BEGIN SOLUTION
        // STARTER: // TODO: Load Mds[ty][tx] from row Row, column ph * TILE_WIDTH + tx of M (k columns per row),
        // STARTER: //       or 0.0f when that position is outside the j x k matrix M
        // STARTER: //       (README, "Which bound guards which load").
        // M is j x k: its row index is bounded by j, its column index by k, and a row is k floats long.
        if (Row < j && ph * TILE_WIDTH + tx < k)
            Mds[ty][tx] = M[Row * k + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Load Nds[ty][tx] from row ph * TILE_WIDTH + ty, column Col of N (l columns per row),
        // STARTER: //       or 0.0f when that position is outside the k x l matrix N
        // STARTER: //       (README, "Which bound guards which load").
        // N is k x l: its row index is bounded by k, its column index by l, and a row is l floats long.
        if (ph * TILE_WIDTH + ty < k && Col < l)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * l + Col];
        else
            Nds[ty][tx] = 0.0f;
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Barrier: the products below read tile elements that other threads loaded
        // STARTER: //       (read-after-write; see "The two barriers" in the matmul-tiled handout).
        // Read-after-write: the tiles must be complete before anyone reads them.
        __syncthreads();
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Add this phase's TILE_WIDTH products to Pvalue: row ty of Mds times column tx of
        // STARTER: //       Nds. Do not call the loop counter k: k is already the shared dimension.
        // The counter is i because k already names the shared dimension.
        for (int i = 0; i < TILE_WIDTH; ++i)
            Pvalue += Mds[ty][i] * Nds[i][tx];
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Barrier: the next phase overwrites the tiles that slower threads may still be
        // STARTER: //       reading (write-after-read; see "The two barriers" in the matmul-tiled handout).
        // Write-after-read: nobody may overwrite the tiles while others still read them.
        __syncthreads();
        // END SOLUTION
    }

    // BEGIN SOLUTION
    // STARTER: // TODO: Store Pvalue into the j x l matrix P at (Row, Col) (l columns per row), only when
    // STARTER: //       (Row, Col) lies inside P (README, "Which bound guards which load").
    // P is j x l: rows bounded by j, columns by l.
    if (Row < j && Col < l)
        P[Row * l + Col] = Pvalue;
    // END SOLUTION
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Blocks of TILE_WIDTH x TILE_WIDTH threads. The grid covers P, which is j rows by l
    // STARTER: //       columns: x counts the columns, so ceil(l / TILE_WIDTH) blocks in x and
    // STARTER: //       ceil(j / TILE_WIDTH) blocks in y, in integer arithmetic (README, "Steps").
    // STARTER: dim3 dimBlock(1, 1);
    // STARTER: dim3 dimGrid(1, 1);
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    // x runs along the columns of P (l of them), y along its rows (j of them); k does not shape the grid.
    dim3 dimGrid((l + TILE_WIDTH - 1) / TILE_WIDTH, (j + TILE_WIDTH - 1) / TILE_WIDTH);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Launch RectMatrixMulKernel with dimGrid and dimBlock on the default stream, passing
    // STARTER: //       d_M, d_N, d_P, j, k and l. Do not synchronise or copy anything: the grader does that.
    RectMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, j, k, l);
    // END SOLUTION
}
