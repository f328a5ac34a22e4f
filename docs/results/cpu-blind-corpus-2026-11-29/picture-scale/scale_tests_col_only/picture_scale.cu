// BLIND-BUG: the scale kernel tests only Col < n, so threads of the bottom row of blocks with Row >= m write past the end of the picture (missing row bound).
// BLIND-LINE: 11
// Two kernels on pictures with one thread per pixel: scaling, and colour to grey.
#include "picture_scale.h"

__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if (Col < n)
        d_Pout[Row * n + Col] = 2 * d_Pin[Row * n + Col];
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    PictureKernel<<<dimGrid, dimBlock>>>(d_Pin, d_Pout, n, m);
}

__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col < n && Row < m) {
        int greyOffset = Row * n + Col;
        int rgbOffset = 3 * greyOffset;
        unsigned char r = rgb[rgbOffset];
        unsigned char g = rgb[rgbOffset + 1];
        unsigned char b = rgb[rgbOffset + 2];
        grey[greyOffset] = (21 * r + 72 * g + 7 * b + 50) / 100;
    }
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    colorToGreyscaleConversion<<<dimGrid, dimBlock>>>(d_rgb, d_grey, n, m);
}
