// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Picture kernels with 2-D grid-stride loops and a shared launch helper (unusual, valid).
#include "picture_scale.h"

static dim3 cover(int n, int m)
{
    return dim3((unsigned)((n - 1) / BLOCK_WIDTH + 1), (unsigned)((m - 1) / BLOCK_WIDTH + 1), 1u);
}

__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    for (int Row = blockIdx.y * blockDim.y + threadIdx.y; Row < m; Row += blockDim.y * gridDim.y)
        for (int Col = blockIdx.x * blockDim.x + threadIdx.x; Col < n; Col += blockDim.x * gridDim.x) {
            const size_t at = (size_t)Row * n + Col;
            d_Pout[at] = d_Pin[at] + d_Pin[at];
        }
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    PictureKernel<<<cover(n, m), dim3(BLOCK_WIDTH, BLOCK_WIDTH, 1)>>>(d_Pin, d_Pout, n, m);
}

__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    if (Col >= n || Row >= m)
        return;
    const int g = Row * n + Col;
    const unsigned char* px = rgb + 3 * g;
    const unsigned weighted = 21u * px[0] + 72u * px[1] + 7u * px[2];
    grey[g] = (unsigned char)((weighted + 50u) / 100u);
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    colorToGreyscaleConversion<<<cover(n, m), dim3(BLOCK_WIDTH, BLOCK_WIDTH, 1)>>>(d_rgb, d_grey, n, m);
}
