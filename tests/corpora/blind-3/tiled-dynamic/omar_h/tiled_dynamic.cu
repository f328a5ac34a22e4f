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

    // Mds at the start, Nds right after the tile_width * tile_width floats of Mds
    float* Mds = tiles;
    float* Nds = tiles + tile_width * tile_width;

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;

    float Pvalue = 0;
    int numPhases = (Width + tile_width - 1) / tile_width;
    for (int ph = 0; ph < numPhases; ++ph) {
        int mCol = ph * tile_width + tx;
        int nRow = ph * tile_width + ty;
        Mds[ty * tile_width + tx] = (Row < Width && mCol < Width) ? M[Row * Width + mCol] : 0.0f;
        Nds[ty * tile_width + tx] = (nRow < Width && Col < Width) ? N[nRow * Width + Col] : 0.0f;
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
    while (tile_width * tile_width > prop.maxThreadsPerBlock ||
           2 * tile_width * tile_width * sizeof(float) > prop.sharedMemPerBlock) {
        tile_width /= 2;
    }
    return tile_width;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int device;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    int tile_width = choose_tile_width(prop);

    // dynamic shared memory, in bytes
    size_t sharedBytes = tile_width * tile_width * sizeof(float);

    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
