// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Scaling a picture and colour to grey, one thread per pixel.
#include "picture_scale.h"

static inline unsigned int blocksFor(int pixels)
{
    return (unsigned int)((pixels + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
}

__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    if (Col >= n || Row >= m)
        return;
    const int idx = Row * n + Col;
    d_Pout[idx] = d_Pin[idx] + d_Pin[idx];
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    dim3 dimGrid(blocksFor(n), blocksFor(m));
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    PictureKernel<<<dimGrid, dimBlock>>>(d_Pin, d_Pout, n, m);
}

__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    if (Col >= n || Row >= m)
        return;

    const unsigned char* px = rgb + 3 * (Row * n + Col);
    unsigned int weighted = 21u * px[0] + 72u * px[1] + 7u * px[2];
    grey[Row * n + Col] = (unsigned char)((weighted + 50u) / 100u);
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    colorToGreyscaleConversion<<<dim3(blocksFor(n), blocksFor(m)), dim3(BLOCK_WIDTH, BLOCK_WIDTH)>>>(
        d_rgb, d_grey, n, m);
}
