// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Dynamic tiled matmul in an unusual but valid style: shifts for halving, a struct-free launch helper,
// Nds taken as &tiles[tw * tw], ternary loads.
#include "tiled_dynamic.h"

__global__ void DynamicTiledMatrixMulKernel(const float* M, const float* N, float* P, int Width, int tile_width)
{
    extern __shared__ float tiles[];
    const int tw = tile_width;
    float* const Mds = &tiles[0];
    float* const Nds = &tiles[tw * tw];

    const int r = blockIdx.y * tw + threadIdx.y;
    const int c = blockIdx.x * tw + threadIdx.x;
    const int me = threadIdx.y * tw + threadIdx.x;
    float acc = 0.0f;

    for (int base = 0; base < Width; base += tw) {
        const int mc = base + threadIdx.x, nr = base + threadIdx.y;
        Mds[me] = (r < Width && mc < Width) ? M[r * Width + mc] : 0.0f;
        Nds[me] = (nr < Width && c < Width) ? N[nr * Width + c] : 0.0f;
        __syncthreads();
        const float* a = Mds + threadIdx.y * tw;
        const float* b = Nds + threadIdx.x;
        for (int t = 0; t < tw; ++t, b += tw)
            acc += a[t] * *b;
        __syncthreads();
    }
    if (r < Width && c < Width)
        P[r * Width + c] = acc;
}

int choose_tile_width(const cudaDeviceProp& prop)
{
    int tw = 32;
    for (;;) {
        const bool threadsFit = tw * tw <= prop.maxThreadsPerBlock;
        const bool bytesFit = sizeof(float[2]) * tw * tw <= prop.sharedMemPerBlock;
        if ((threadsFit && bytesFit) || tw == 1)
            return tw;
        tw >>= 1;
    }
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int dev;
    cudaGetDevice(&dev);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);
    const int tw = choose_tile_width(prop);
    const size_t bytes = sizeof(float[2]) * tw * tw;
    const int n = (Width - 1) / tw + 1;
    DynamicTiledMatrixMulKernel<<<dim3(n, n), dim3(tw, tw), bytes>>>(d_M, d_N, d_P, Width, tw);
}
