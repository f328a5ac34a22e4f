// Two kernels on pictures with one thread per pixel: scaling every pixel, and turning a colour picture
// into a grey one. The host functions choose the launch configuration: 2-D blocks, and a 2-D grid with
// just enough blocks to cover the picture. The handout (assignments/picture-scale/README.md) explains
// every step.
#include "picture_scale.h"

// Each thread scales one pixel: the one in row Row and column Col of an n x m picture.
__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    // TODO: Row and Col of this thread's pixel: y runs down the picture (rows), x across it
    //       (columns). Build each from blockIdx, blockDim and threadIdx (README, "One thread
    //       per pixel").
    int Row = 0, Col = 0;

    // TODO: Only threads inside the picture have a pixel: test the row against m AND the
    //       column against n, then store twice the input pixel (README, "The four kinds of
    //       blocks").
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and a grid with the ceiling of
    //       n / BLOCK_WIDTH blocks across and of m / BLOCK_WIDTH blocks down, in integer
    //       arithmetic. Then launch PictureKernel with them (README, "Covering the picture").
    dim3 dimGrid(1, 1, 1);
    dim3 dimBlock(1, 1, 1);
}

// Each thread converts one pixel: it reads the pixel's three bytes and writes one.
__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    // TODO: For a thread inside the picture: the pixel's index is greyOffset = Row * n + Col;
    //       its colour starts at rgbOffset = 3 * greyOffset (3 bytes per pixel). Read r, g and
    //       b, and store (21 * r + 72 * g + 7 * b + 50) / 100 (README, "From colour to grey").
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    // TODO: The same launch configuration as scale_picture, launching colorToGreyscaleConversion.
}
