// broken: picture-scale
// bug: the grid is n / BLOCK_WIDTH by m / BLOCK_WIDTH blocks, rounded down: the last partial blocks are missing
// expect-fail: the course's 76x62 picture
// expect-fail: one pixel, one row, one column
// expect-pass: multiples of the block
// expect-text: never written
// expect-diagnosis: grid-too-small

// The picture kernels with one deliberate bug, described above: a 76x62 picture gets 4 x 3 blocks, 64 x 48
// threads, and a picture smaller than a block gets a grid of no blocks at all, which CUDA refuses.
#include "picture_scale.h"

// Each thread scales one pixel: the one in row Row and column Col of an n x m picture.
__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    // x across and y down: the threads of a warp (consecutive threadIdx.x) get neighbouring pixels of
    // one row, which lie next to each other in memory.
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    // The grid is made of whole blocks, so it overshoots the picture on the right and at the bottom:
    // both tests are needed, one for each edge.
    if (Row < m && Col < n)
        d_Pout[Row * n + Col] = 2 * d_Pin[Row * n + Col];
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    // Ceiling division: the last, partly filled block in each direction still needs launching.
    dim3 dimGrid(n / BLOCK_WIDTH, m / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    // The grid comes first, then the block.
    PictureKernel<<<dimGrid, dimBlock>>>(d_Pin, d_Pout, n, m);
}

// Each thread converts one pixel: it reads the pixel's three bytes and writes one.
__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Row < m && Col < n) {
        int greyOffset = Row * n + Col;
        // The colour picture has 3 bytes per pixel, red, green and blue, one after the other.
        int rgbOffset = 3 * greyOffset;
        int r = rgb[rgbOffset];
        int g = rgb[rgbOffset + 1];
        int b = rgb[rgbOffset + 2];
        // The weights 0.21, 0.72 and 0.07 in hundredths; adding 50 before dividing rounds to nearest.
        grey[greyOffset] = (unsigned char)((21 * r + 72 * g + 7 * b + 50) / 100);
    }
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    colorToGreyscaleConversion<<<dimGrid, dimBlock>>>(d_rgb, d_grey, n, m);
}
