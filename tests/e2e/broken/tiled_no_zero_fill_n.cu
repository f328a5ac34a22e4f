// broken: matmul-tiled
// bug: the N tile load has no zero fill: out-of-range Nds entries keep whatever they held before
// expect-pass: multiples of the tile
// expect-fail-cpu: not a multiple of the tile
// expect-fail-cpu: other tile widths
// expect-text-cpu: elements wrong
// expect-diagnosis-cpu: uninitialized-shared-read matmul_tiled.cu:51

// Tiled matrix multiplication with one deliberate bug, described above.
// The mirror image of tiled_no_zero_fill_m.cu: the zero-filled Mds entries cancel the stale Nds entries
// they meet, so only never-written shared memory (NaN on the CPU backend, single-phase sizes) shows it.
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

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;

    // Round up: when Width is not a multiple of TILE_WIDTH the last phase covers a partial tile.
    int numPhases = (Width + TILE_WIDTH - 1) / TILE_WIDTH;

    for (int ph = 0; ph < numPhases; ++ph) {
        // Each thread fetches the element at its own (ty, tx) position in the tile: row Row of M, column
        // ph * TILE_WIDTH + tx. A position outside M holds 0, which adds nothing to any dot product.
        if (Row < Width && ph * TILE_WIDTH + tx < Width)
            Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;

        // Row ph * TILE_WIDTH + ty of N, column Col, when that position is inside N.
        if (ph * TILE_WIDTH + ty < Width && Col < Width)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];

        // Read-after-write: the loop below reads tile elements loaded by other threads; wait for all.
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];

        // Write-after-read: the next phase overwrites the tiles; wait until everyone is done reading them.
        __syncthreads();
    }

    // Only here may threads outside P drop out: until now they were needed to load tiles and to reach
    // every barrier with the rest of the block.
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The kernel's tile loads assume exactly one thread per tile element.
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    int tilesPerSide = (Width + TILE_WIDTH - 1) / TILE_WIDTH;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    TiledMatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
