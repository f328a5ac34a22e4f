// broken: tiled-dynamic
// bug: the tile is fixed at 32 without asking the device, in dynamic shared memory sized for it
// class: device-dependent choice made without the device
// defence: the virtual devices refuse the launch where 32 does not fit (threads-256, textbook-d, small-shared); on a GPU where the rule gives 32 the file is indistinguishable from one that asked
// backends: cpu
// expect-pass: on the default device
// expect-fail: on every device
// expect-pass: Width 33 on cc80
// expect-fail: Width 33 on threads-256
// expect-fail: Width 33 on small-shared
// expect-fail: Width 33 on textbook-d

#include "tiled_dynamic.h"

// The tiled kernel, correct for any tile_width the launch gives it.
__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];
    float* Mds = tiles;
    float* Nds = tiles + tile_width * tile_width;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = blockIdx.y * tile_width + ty;
    int Col = blockIdx.x * tile_width + tx;
    float Pvalue = 0;
    for (int ph = 0; ph < (Width + tile_width - 1) / tile_width; ++ph) {
        Mds[ty * tile_width + tx] = Row < Width && ph * tile_width + tx < Width ? M[Row * Width + ph * tile_width + tx] : 0.0f;
        Nds[ty * tile_width + tx] = ph * tile_width + ty < Width && Col < Width ? N[(ph * tile_width + ty) * Width + Col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < tile_width; ++k) Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width) P[Row * Width + Col] = Pvalue;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const int tile_width = 32;  // no cudaGetDeviceProperties
    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float);
    dim3 dimBlock(tile_width, tile_width);
    dim3 dimGrid((Width + tile_width - 1) / tile_width, (Width + tile_width - 1) / tile_width);
    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
