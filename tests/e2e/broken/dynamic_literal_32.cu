// broken: tiled-dynamic
// bug: the tile is fixed at 32 and the tiles are a static array, instead of both sized from the device
// expect-pass: on the default device
// expect-fail-cpu: on every device
// expect-text-cpu: a block may have at most 256
// expect-diagnosis-cpu: invalid-launch

// Tiled matrix multiplication with one deliberate bug, described above: matmul-tiled's kernel with a
// tile of 32, the one that fits the GPU it was written on. A device with at most 256 or 512 threads per
// block refuses the 32x32 block; one with 1.5 KiB of shared memory per block cannot hold its 8 KiB of
// tiles.
#include "tiled_dynamic.h"

// Each block computes one tile_width x tile_width tile of P, one element per thread, in phases as in
// matmul-tiled. The only difference: tile_width is a kernel parameter, so the shared tiles cannot be
// arrays of a fixed size; they live in the block's dynamic shared memory, sized by the launch.
__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    // Room for two 32x32 tiles, fixed when the kernel is compiled.
    __shared__ float tiles[2 * 32 * 32];

    float* Mds = tiles;
    float* Nds = tiles + tile_width * tile_width;

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;

    float Pvalue = 0;
    int numPhases = (Width + tile_width - 1) / tile_width;
    for (int ph = 0; ph < numPhases; ++ph) {
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
        __syncthreads();

        for (int k = 0; k < tile_width; ++k)
            Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
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
    int tile_width = 32;
    while (tile_width > 1 &&
           (tile_width * tile_width > prop.maxThreadsPerBlock ||
            2 * tile_width * tile_width * sizeof(float) > prop.sharedMemPerBlock))
        tile_width /= 2;
    return tile_width;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int tile_width = 32;

    // In bytes, not elements: two tiles of tile_width * tile_width floats each.
    size_t sharedBytes = 0;

    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
