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

    // TODO: Compute Row (a row of P, 0 .. j-1) and Col (a column of P, 0 .. l-1) from by, bx, ty,
    //       tx and TILE_WIDTH, exactly as in the square kernel (README, "From Width to j, k and l").
    int Row = 0, Col = 0;

    float Pvalue = 0;

    // TODO: Set numPhases to the number of tiles along the shared dimension: the ceiling of
    //       k / TILE_WIDTH. Not j, not l: the phases walk along a row of M and down a column of N
    //       (README, "How many phases").
    int numPhases = 0;

    for (int ph = 0; ph < numPhases; ++ph) {
        // TODO: Load Mds[ty][tx] from row Row, column ph * TILE_WIDTH + tx of M (k columns per row),
        //       or 0.0f when that position is outside the j x k matrix M
        //       (README, "Which bound guards which load").

        // TODO: Load Nds[ty][tx] from row ph * TILE_WIDTH + ty, column Col of N (l columns per row),
        //       or 0.0f when that position is outside the k x l matrix N
        //       (README, "Which bound guards which load").

        // TODO: Barrier: the products below read tile elements that other threads loaded
        //       (read-after-write; see "The two barriers" in the matmul-tiled handout).

        // TODO: Add this phase's TILE_WIDTH products to Pvalue: row ty of Mds times column tx of
        //       Nds. Do not call the loop counter k: k is already the shared dimension.

        // TODO: Barrier: the next phase overwrites the tiles that slower threads may still be
        //       reading (write-after-read; see "The two barriers" in the matmul-tiled handout).
    }

    // TODO: Store Pvalue into the j x l matrix P at (Row, Col) (l columns per row), only when
    //       (Row, Col) lies inside P (README, "Which bound guards which load").
}

void matmul_rect(const float* d_M, const float* d_N, float* d_P, int j, int k, int l)
{
    // TODO: Blocks of TILE_WIDTH x TILE_WIDTH threads. The grid covers P, which is j rows by l
    //       columns: x counts the columns, so ceil(l / TILE_WIDTH) blocks in x and
    //       ceil(j / TILE_WIDTH) blocks in y, in integer arithmetic (README, "Steps").
    dim3 dimBlock(1, 1);
    dim3 dimGrid(1, 1);

    // TODO: Launch RectMatrixMulKernel with dimGrid and dimBlock on the default stream, passing
    //       d_M, d_N, d_P, j, k and l. Do not synchronise or copy anything: the grader does that.
}
