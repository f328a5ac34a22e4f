// BLIND-BUG: the M tile load has no else branch, so slots of Mds outside M keep stale shared-memory values (missing zero fill).
// BLIND-LINE: 21
// Tiled matrix multiplication with the tile width chosen at run time from the device.
#include "tiled_dynamic.h"

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];

    float* Mds = tiles;
    float* Nds = tiles + tile_width * tile_width;

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;

    float Pvalue = 0;
    int numPhases = (Width + tile_width - 1) / tile_width;
    for (int ph = 0; ph < numPhases; ++ph) {
        if (Row < Width && ph * tile_width + tx < Width)
            Mds[ty * tile_width + tx] = M[Row * Width + ph * tile_width + tx];
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
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    int tile_width = choose_tile_width(prop);

    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float);

    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);

    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
