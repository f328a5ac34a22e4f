// Two kernels on pictures with one thread per pixel: scaling every pixel, and turning a colour picture
// into a grey one. The host functions choose the launch configuration: 2-D blocks, and a 2-D grid with
// just enough blocks to cover the picture. The handout (assignments/picture-scale/README.md) explains
// every step.
#include "picture_scale.h"

// Each thread scales one pixel: the one in row Row and column Col of an n x m picture.
__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    // y runs down the picture (rows), x across it (columns)
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    // only threads inside the picture have a pixel
    if (Row < m && Col < n) {
        d_Pout[Row * n + Col] = 2 * d_Pin[Row * n + Col];
    }
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    PictureKernel<<<dimGrid, dimBlock>>>(d_Pin, d_Pout, n, m);
}

// Each thread converts one pixel: it reads the pixel's three bytes and writes one.
__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col < n && Row < m) {
        int greyOffset = Row * n + Col;
        int rgbOffset = greyOffset * 3;

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
    colorToGreyscaleConversion<<<dimBlock, dimGrid>>>(d_rgb, d_grey, n, m);
}
