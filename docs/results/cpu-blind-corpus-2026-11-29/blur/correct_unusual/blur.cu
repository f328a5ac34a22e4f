// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Blur with the patch clamped to the picture first, so the count is a product (unusual, valid).
#include "blur.h"

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    const int Col = blockIdx.x * blockDim.x + threadIdx.x;
    const int Row = blockIdx.y * blockDim.y + threadIdx.y;
    if (!(Col < w && Row < h))
        return;

    const int r0 = clampi(Row - BLUR_SIZE, 0, h - 1), r1 = clampi(Row + BLUR_SIZE, 0, h - 1);
    const int c0 = clampi(Col - BLUR_SIZE, 0, w - 1), c1 = clampi(Col + BLUR_SIZE, 0, w - 1);
    unsigned sum = 0;
    for (int r = r0; r <= r1; ++r) {
        const unsigned char* line = in + (size_t)r * w;
        for (int c = c0; c <= c1; ++c)
            sum += line[c];
    }
    const unsigned count = (unsigned)((r1 - r0 + 1) * (c1 - c0 + 1));
    out[(size_t)Row * w + Col] = static_cast<unsigned char>(sum / count);
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    dim3 grid((w - 1) / BLOCK_WIDTH + 1, (h - 1) / BLOCK_WIDTH + 1);
    blurKernel<<<grid, dim3(BLOCK_WIDTH, BLOCK_WIDTH)>>>(d_in, d_out, w, h);
}
