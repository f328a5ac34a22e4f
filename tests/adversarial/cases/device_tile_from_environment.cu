// broken: tiled-dynamic
// bug: picks the tile from a table of the CPU backend's virtual device names, read from the runtime's KITCPU_DEVICE setting, never from the device's properties
// class: device-dependent choice made without the device
// backends: cpu
// defence: the CPU runtime reads its settings before the program's constructors and erases them from the environment (and from what /proc/self/environ shows)
// expect-pass: on the default device
// expect-fail: on every device
// expect-text: a GPU refuses the launch

// Written from the handout alone, without the grader's code.
// Tiled matrix multiplication with the tiles in dynamically sized shared memory.
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
        int mc = ph * tile_width + tx, nr = ph * tile_width + ty;
        Mds[ty * tile_width + tx] = (Row < Width && mc < Width) ? M[Row * Width + mc] : 0.0f;
        Nds[ty * tile_width + tx] = (nr < Width && Col < Width) ? N[nr * Width + Col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < tile_width; ++k)
            Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

#include <cstdlib>
#include <cstring>

// Tile width per device name; 32 for anything else (A100, H100).
static int tile_for_this_machine()
{
    const char* d = std::getenv("KITCPU_DEVICE");
    if (d == nullptr) return 32;
    if (std::strcmp(d, "small-shared") == 0) return 8;
    if (std::strcmp(d, "threads-256") == 0) return 16;
    if (std::strcmp(d, "textbook-d") == 0) return 16;
    return 32;
}

void matmul_tiled_dynamic(const float* d_M, const float* d_N, float* d_P, int Width)
{
    int tile_width = tile_for_this_machine();
    size_t sharedBytes = 2 * tile_width * tile_width * sizeof(float);
    dim3 dimBlock(tile_width, tile_width);
    int tilesPerSide = (Width + tile_width - 1) / tile_width;
    dim3 dimGrid(tilesPerSide, tilesPerSide);
    DynamicTiledMatrixMulKernel<<<dimGrid, dimBlock, sharedBytes>>>(d_M, d_N, d_P, Width, tile_width);
}
