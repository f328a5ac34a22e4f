// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Tiled matrix multiplication with the tile width chosen from the device at run time.
#include "tiled_dynamic.h"

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];

    // N's tile first, M's after it: any order works as long as they do not overlap
    const int tileElems = tile_width * tile_width;
    float* Nds = tiles;
    float* Mds = &tiles[tileElems];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int Row = blockIdx.y * blockDim.y + ty;
    const int Col = blockIdx.x * blockDim.x + tx;
    const int me = ty * tile_width + tx;

    float Pvalue = 0.0f;
    for (int start = 0; start < Width; start += tile_width) {
        Mds[me] = (Row < Width && start + tx < Width) ? M[Row * Width + start + tx] : 0.0f;
        Nds[me] = (start + ty < Width && Col < Width) ? N[(start + ty) * Width + Col] : 0.0f;
        __syncthreads();

        const float* mRow = Mds + ty * tile_width;
        const float* nCol = Nds + tx;
        for (int k = 0; k < tile_width; ++k)
            Pvalue += mRow[k] * nCol[k * tile_width];
        __syncthreads();
    }

    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

static bool tileFits(const cudaDeviceProp& prop, int w)
{
    size_t threads = (size_t)w * w;
    size_t bytes = 2 * threads * sizeof(float);
    return threads <= (size_t)prop.maxThreadsPerBlock && bytes <= prop.sharedMemPerBlock;
}

int choose_tile_width(const cudaDeviceProp& prop)
{
    int w;
    for (w = 32; w > 1 && !tileFits(prop, w); w >>= 1) {
    }
    return w;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int dev = 0;
    cudaGetDevice(&dev);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);

    const int tw = choose_tile_width(prop);
    const size_t sharedBytes = 2 * sizeof(float) * tw * tw;
    const int blocks = (Width + tw - 1) / tw;

    DynamicTiledMatrixMulKernel<<<dim3(blocks, blocks), dim3(tw, tw), sharedBytes>>>(d_M, d_N, d_P, Width, tw);
}
