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

    // BEGIN SOLUTION
    // STARTER: // TODO: Compute Row and Col, the element of P this thread owns. A block is TILE_WIDTH x
    // STARTER: //       TILE_WIDTH threads and covers one tile of P: use by, bx, ty, tx and TILE_WIDTH
    // STARTER: //       (README, "Tiles and phases").
    // STARTER: int Row = 0, Col = 0;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    // END SOLUTION

    float Pvalue = 0;

    // BEGIN SOLUTION
    // STARTER: // TODO: Set numPhases to the number of tiles along a row of M: the ceiling of
    // STARTER: //       Width / TILE_WIDTH in integer arithmetic, so that the last, partial tile is not
    // STARTER: //       skipped (README, "Tiles and phases").
    // STARTER: int numPhases = 0;
    // Round up: when Width is not a multiple of TILE_WIDTH the last phase covers a partial tile.
    int numPhases = (Width + TILE_WIDTH - 1) / TILE_WIDTH;
    // END SOLUTION

    for (int ph = 0; ph < numPhases; ++ph) {
        // BEGIN SOLUTION
        // STARTER: // TODO: Copy this thread's element of the phase's M tile into Mds[ty][tx]: row Row, column
        // STARTER: //       ph * TILE_WIDTH + tx of M. If that position is outside M, store 0.0f instead
        // STARTER: //       (README, "Loading a tile" and "The three boundary tests").
        // Each thread fetches the element at its own (ty, tx) position in the tile: row Row of M, column
        // ph * TILE_WIDTH + tx. A position outside M holds 0, which adds nothing to any dot product.
        if (Row < Width && ph * TILE_WIDTH + tx < Width)
            Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Copy this thread's element of the phase's N tile into Nds[ty][tx]: row
        // STARTER: //       ph * TILE_WIDTH + ty, column Col of N. If that position is outside N, store 0.0f
        // STARTER: //       instead (README, "Loading a tile" and "The three boundary tests").
        // Row ph * TILE_WIDTH + ty of N, column Col; zero where the tile hangs over the edge of N.
        if (ph * TILE_WIDTH + ty < Width && Col < Width)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
        else
            Nds[ty][tx] = 0.0f;
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Barrier. Every thread is about to read elements of Mds and Nds that OTHER threads
        // STARTER: //       wrote; wait here until the whole block has finished loading (read-after-write;
        // STARTER: //       README, "The two barriers").
        // Read-after-write: the loop below reads tile elements loaded by other threads; wait for all.
        __syncthreads();
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Add this phase's TILE_WIDTH products to Pvalue: row ty of Mds times column tx of
        // STARTER: //       Nds (README, "Tiles and phases").
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        // END SOLUTION

        // BEGIN SOLUTION
        // STARTER: // TODO: Barrier. The next phase overwrites Mds and Nds; no thread may start loading until
        // STARTER: //       every thread has finished reading this phase's tiles (write-after-read;
        // STARTER: //       README, "The two barriers").
        // Write-after-read: the next phase overwrites the tiles; wait until everyone is done reading them.
        __syncthreads();
        // END SOLUTION
    }

    // BEGIN SOLUTION
    // STARTER: // TODO: Store Pvalue into P at (Row, Col), but only if (Row, Col) lies inside P: threads of
    // STARTER: //       the edge blocks can lie outside (README, "The three boundary tests").
    // Only here may threads outside P drop out: until now they were needed to load tiles and to reach
    // every barrier with the rest of the block.
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
    // END SOLUTION
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: One thread per tile element: blocks of TILE_WIDTH x TILE_WIDTH threads. Enough blocks in
    // STARTER: //       x and y to cover P: the ceiling of Width / TILE_WIDTH, in integer arithmetic
    // STARTER: //       (README, "Steps").
    // STARTER: dim3 dimBlock(1, 1);
    // STARTER: dim3 dimGrid(1, 1);
    // The kernel's tile loads assume exactly one thread per tile element.
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    int tilesPerSide = (Width + TILE_WIDTH - 1) / TILE_WIDTH;
    dim3 dimGrid(tilesPerSide, tilesPerSide);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Launch TiledMatrixMulKernel with dimGrid and dimBlock on the default stream, passing
    // STARTER: //       d_M, d_N, d_P and Width. Do not synchronise or copy anything: the grader does that.
    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
    // END SOLUTION
}
