// Tiled matrix multiplication P = M x N for square Width x Width matrices, any Width >= 1, with the tile
// width chosen at run time from the device and the tiles in dynamically sized shared memory.
// The handout (assignments/tiled-dynamic/README.md) explains every step.
#include "tiled_dynamic.h"

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];

    float* Mds = tiles;
    float* Nds = &tiles[tile_width * tile_width];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;

    float Pvalue = 0;
    int numPhases = (Width + tile_width - 1) / tile_width;
    for (int ph = 0; ph < numPhases; ++ph) {
        int offset = ph * tile_width;

        if (Row < Width && offset + tx < Width) {
            Mds[ty * tile_width + tx] = M[Row * Width + offset + tx];
        } else {
            Mds[ty * tile_width + tx] = 0.0f;
        }
        if (offset + tx < Width && Col < Width) {
            Nds[ty * tile_width + tx] = N[(offset + ty) * Width + Col];
        } else {
            Nds[ty * tile_width + tx] = 0.0f;
        }
        __syncthreads();

        for (int k = 0; k < tile_width; ++k) {
            Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
        }
        __syncthreads();
    }

    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

int choose_tile_width(const cudaDeviceProp& prop)
{
    int tile_width = 32;
    while (tile_width > 1) {
        bool threadsOk = tile_width * tile_width <= prop.maxThreadsPerBlock;
        bool sharedOk = 2 * tile_width * tile_width * sizeof(float) <= prop.sharedMemPerBlock;
        if (threadsOk && sharedOk)
            break;
        tile_width /= 2;
    }
    return tile_width;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int dev = 0;
    cudaGetDevice(&dev);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);
    int tile_width = choose_tile_width(prop);

    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float);

    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
