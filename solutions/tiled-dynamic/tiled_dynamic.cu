// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1, with the tile
// width chosen at run time from the device and the tiles in dynamically sized shared memory.
// The handout (assignments/tiled-dynamic/README.md) explains every step.
#include "tiled_dynamic.h"

// Each block computes one tile_width x tile_width tile of P, one element per thread, in phases as in
// matmul-tiled. The only difference: tile_width is a kernel parameter, so the shared tiles cannot be
// arrays of a fixed size; they live in the block's dynamic shared memory, sized by the launch.
__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    // All of a block's dynamic shared memory, as many bytes as the launch's third value: one array of
    // unknown size. The two tiles are carved out of it below.
    extern __shared__ float tiles[];

    // BEGIN SOLUTION
    // STARTER: // TODO: Place the two tiles in `tiles`, one after the other: Mds at its start, Nds right
    // STARTER: //       after the tile_width * tile_width floats of Mds, so that the two do not overlap
    // STARTER: //       (README, "One extern array, two tiles").
    // STARTER: float* Mds = tiles;
    // STARTER: float* Nds = tiles;
    float* Mds = tiles;
    float* Nds = tiles + tile_width * tile_width;
    // END SOLUTION

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;

    float Pvalue = 0;
    int numPhases = (Width + tile_width - 1) / tile_width;
    for (int ph = 0; ph < numPhases; ++ph) {
        // BEGIN SOLUTION
        // STARTER: // TODO: Load this thread's element of the phase's M tile and N tile, as in matmul-tiled,
        // STARTER: //       with zero outside the matrices. The tiles are one-dimensional now: element
        // STARTER: //       (ty, tx) of a tile is at index ty * tile_width + tx (README, "Linearized tiles").
        // Element (ty, tx) of a tile lies at ty * tile_width + tx: the row-major layout the two-dimensional
        // arrays of matmul-tiled had, written out by hand because the width is not known at compile time.
        if (Row < Width && ph * tile_width + tx < Width)
            Mds[ty * tile_width + tx] = M[Row * Width + ph * tile_width + tx];
        else
            Mds[ty * tile_width + tx] = 0.0f;
        if (ph * tile_width + ty < Width && Col < Width)
            Nds[ty * tile_width + tx] = N[(ph * tile_width + ty) * Width + Col];
        else
            Nds[ty * tile_width + tx] = 0.0f;
        // END SOLUTION
        __syncthreads();

        // BEGIN SOLUTION
        // STARTER: // TODO: Add this phase's tile_width products to Pvalue: row ty of Mds times column tx of
        // STARTER: //       Nds, with the linearized indices.
        for (int k = 0; k < tile_width; ++k)
            Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
        // END SOLUTION
        __syncthreads();
    }

    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

// The widest square tile this device can run: a tile_width x tile_width block must not exceed the
// device's threads per block, and the block's two float tiles must fit in the shared memory one block may
// use. Tiles stay powers of two no wider than 32, a warp's width: a wider tile would not fit in any GPU's
// block of 1024 threads anyway.
int choose_tile_width(const cudaDeviceProp& prop)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Start from 32 and halve the width while a tile_width x tile_width block has more
    // STARTER: //       threads than prop.maxThreadsPerBlock, or while two tiles of tile_width x tile_width
    // STARTER: //       floats need more bytes than prop.sharedMemPerBlock (README, "Asking the device").
    // STARTER: int tile_width = 1;
    int tile_width = 32;
    while (tile_width > 1 &&
           (tile_width * tile_width > prop.maxThreadsPerBlock ||
            2 * tile_width * tile_width * sizeof(float) > prop.sharedMemPerBlock))
        tile_width /= 2;
    // END SOLUTION
    return tile_width;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Ask the CUDA runtime for the properties of the current device (cudaGetDevice, then
    // STARTER: //       cudaGetDeviceProperties) and choose the tile width from them with
    // STARTER: //       choose_tile_width (README, "Asking the device").
    // STARTER: int tile_width = 1;
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    int tile_width = choose_tile_width(prop);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Set sharedBytes to the dynamic shared memory one block needs: two tiles of
    // STARTER: //       tile_width x tile_width floats, in bytes (README, "Sizing the launch").
    // STARTER: size_t sharedBytes = 0;
    // In bytes, not elements: two tiles of tile_width * tile_width floats each.
    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float);
    // END SOLUTION

    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    // BEGIN SOLUTION
    // STARTER: // TODO: Launch DynamicTiledMatrixMulKernel with dimGrid, dimBlock and sharedBytes (the third
    // STARTER: //       launch value) on the default stream, passing d_M, d_N, d_P, Width and tile_width.
    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
    // END SOLUTION
}
