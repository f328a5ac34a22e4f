// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1.
// The handout (assignments/matmul-tiled/README.md) explains every step.
#include "matmul_tiled.h"

// Each block computes one TILE_WIDTH x TILE_WIDTH tile of P, one element per thread. The dot products
// advance in phases: in each phase the block copies one tile of M and one tile of N into shared memory,
// then every thread takes TILE_WIDTH steps of its dot product from there instead of from global memory.
__global__ void TiledMatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    // One pair of tiles per block, visible to all of its threads: each element a thread loads here is
    // read by TILE_WIDTH threads, so global memory is read TILE_WIDTH times less often.
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    // TODO: Compute Row and Col, the element of P this thread owns. A block is TILE_WIDTH x
    //       TILE_WIDTH threads and covers one tile of P: use by, bx, ty, tx and TILE_WIDTH
    //       (README, "Tiles and phases").
    int Row = 0, Col = 0;

    float Pvalue = 0;

    // TODO: Set numPhases to the number of tiles along a row of M: the ceiling of
    //       Width / TILE_WIDTH in integer arithmetic, so that the last, partial tile is not
    //       skipped (README, "Tiles and phases").
    int numPhases = 0;

    for (int ph = 0; ph < numPhases; ++ph) {
        // TODO: Copy this thread's element of the phase's M tile into Mds[ty][tx]: row Row, column
        //       ph * TILE_WIDTH + tx of M. If that position is outside M, store 0.0f instead
        //       (README, "Loading a tile" and "The three boundary tests").

        // TODO: Copy this thread's element of the phase's N tile into Nds[ty][tx]: row
        //       ph * TILE_WIDTH + ty, column Col of N. If that position is outside N, store 0.0f
        //       instead (README, "Loading a tile" and "The three boundary tests").

        // TODO: Barrier. Every thread is about to read elements of Mds and Nds that OTHER threads
        //       wrote; wait here until the whole block has finished loading (read-after-write;
        //       README, "The two barriers").

        // TODO: Add this phase's TILE_WIDTH products to Pvalue: row ty of Mds times column tx of
        //       Nds (README, "Tiles and phases").

        // TODO: Barrier. The next phase overwrites Mds and Nds; no thread may start loading until
        //       every thread has finished reading this phase's tiles (write-after-read;
        //       README, "The two barriers").
    }

    // TODO: Store Pvalue into P at (Row, Col), but only if (Row, Col) lies inside P: threads of
    //       the edge blocks can lie outside (README, "The three boundary tests").
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // TODO: One thread per tile element: blocks of TILE_WIDTH x TILE_WIDTH threads. Enough blocks in
    //       x and y to cover P: the ceiling of Width / TILE_WIDTH, in integer arithmetic
    //       (README, "Steps").
    dim3 dimBlock(1, 1);
    dim3 dimGrid(1, 1);

    // TODO: Launch TiledMatrixMulKernel with dimGrid and dimBlock on the default stream, passing
    //       d_M, d_N, d_P and Width. Do not synchronise or copy anything: the grader does that.
}
