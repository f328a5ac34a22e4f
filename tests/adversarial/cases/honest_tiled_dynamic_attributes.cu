// broken: tiled-dynamic
// bug: none: the tile follows the handout's rule, with the limits read one at a time with cudaDeviceGetAttribute
// class: honest work the checks must not refuse
// defence: device_tile: any way of asking the device is the device's answer
// expect-pass: on every device
// expect-pass: technique

// Written from the handout alone, without the grader's code.
// Tiled matrix multiplication, tile width chosen at run time from the device's limits.
// The limits come from cudaDeviceGetAttribute, one attribute at a time.
#include "tiled_dynamic.h"
#include <cstdio>

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];
    const int area = tile_width * tile_width;
    float* Nds = tiles;          // first half
    float* Mds = tiles + area;   // second half: no overlap

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int Row = blockIdx.y * tile_width + ty;
    const int Col = blockIdx.x * tile_width + tx;
    float sum = 0.0f;

    for (int base = 0; base < Width; base += tile_width) {
        const int mCol = base + tx, nRow = base + ty;
        float m = 0.0f, n = 0.0f;
        if (Row < Width && mCol < Width) m = M[Row * Width + mCol];
        if (nRow < Width && Col < Width) n = N[nRow * Width + Col];
        Mds[ty * tile_width + tx] = m;
        Nds[ty * tile_width + tx] = n;
        __syncthreads();
        const float* mrow = Mds + ty * tile_width;
        for (int k = 0; k < tile_width; ++k)
            sum += mrow[k] * Nds[k * tile_width + tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = sum;
}

// Widest power-of-two tile <= 32 whose block and two float tiles fit the device.
static int tile_from_limits(int maxThreads, int maxSharedBytes)
{
    int t = 32;
    while (t > 1 && (t * t > maxThreads || 2 * t * t * (int)sizeof(float) > maxSharedBytes))
        t >>= 1;
    return t;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int dev = 0, maxThreads = 0, maxShared = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, dev);
    cudaDeviceGetAttribute(&maxShared, cudaDevAttrMaxSharedMemoryPerBlock, dev);
    const int tw = tile_from_limits(maxThreads, maxShared);
    const size_t bytes = 2 * (size_t)tw * tw * sizeof(float);
    const int g = (Width + tw - 1) / tw;
    DynamicTiledMatrixMulKernel<<<dim3(g, g), dim3(tw, tw), bytes>>>(d_M, d_N, d_P, Width, tw);
}
