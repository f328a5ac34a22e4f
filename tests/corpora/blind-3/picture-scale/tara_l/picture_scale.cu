// Two kernels on pictures with one thread per pixel: scaling every pixel, and turning a colour picture
// into a grey one. The host functions choose the launch configuration: 2-D blocks, and a 2-D grid with
// just enough blocks to cover the picture. The handout (assignments/picture-scale/README.md) explains
// every step.
#include "picture_scale.h"

// Each thread scales one pixel: the one in row Row and column Col of an n x m picture.
__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if ((Row < m) && (Col < n))
        d_Pout[Row * m + Col] = 2 * d_Pin[Row * m + Col];
}

static dim3 pictureGrid(int n, int m)
{
    return dim3((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    dim3 dimGrid = pictureGrid(n, m);
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
        int rgbOffset = 3 * greyOffset;
        int r = rgb[rgbOffset + 0];
        int g = rgb[rgbOffset + 1];
        int b = rgb[rgbOffset + 2];
        grey[greyOffset] = (unsigned char)((21 * r + 72 * g + 7 * b + 50) / 100);
    }
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    dim3 dimGrid = pictureGrid(n, m);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    colorToGreyscaleConversion<<<dimGrid, dimBlock>>>(d_rgb, d_grey, n, m);
}
