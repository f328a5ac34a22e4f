// Two kernels on pictures with one thread per pixel: scaling every pixel, and turning a colour picture
// into a grey one. The host functions choose the launch configuration: 2-D blocks, and a 2-D grid with
// just enough blocks to cover the picture. The handout (assignments/picture-scale/README.md) explains
// every step.
#include "picture_scale.h"

// Each thread scales one pixel: the one in row Row and column Col of an n x m picture.
__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Row and Col of this thread's pixel: y runs down the picture (rows), x across it
    // STARTER: //       (columns). Build each from blockIdx, blockDim and threadIdx (README, "One thread
    // STARTER: //       per pixel").
    // STARTER: int Row = 0, Col = 0;
    // x across and y down: the threads of a warp (consecutive threadIdx.x) get neighbouring pixels of
    // one row, which lie next to each other in memory.
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Only threads inside the picture have a pixel: test the row against m AND the
    // STARTER: //       column against n, then store twice the input pixel (README, "The four kinds of
    // STARTER: //       blocks").
    // The grid is made of whole blocks, so it overshoots the picture on the right and at the bottom:
    // both tests are needed, one for each edge.
    if (Row < m && Col < n)
        d_Pout[Row * n + Col] = 2 * d_Pin[Row * n + Col];
    // END SOLUTION
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads, and a grid with the ceiling of
    // STARTER: //       n / BLOCK_WIDTH blocks across and of m / BLOCK_WIDTH blocks down, in integer
    // STARTER: //       arithmetic. Then launch PictureKernel with them (README, "Covering the picture").
    // STARTER: dim3 dimGrid(1, 1, 1);
    // STARTER: dim3 dimBlock(1, 1, 1);
    // Ceiling division: the last, partly filled block in each direction still needs launching.
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    // The grid comes first, then the block.
    PictureKernel<<<dimGrid, dimBlock>>>(d_Pin, d_Pout, n, m);
    // END SOLUTION
}

// Each thread converts one pixel: it reads the pixel's three bytes and writes one.
__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    // BEGIN SOLUTION
    // STARTER: // TODO: For a thread inside the picture: the pixel's index is greyOffset = Row * n + Col;
    // STARTER: //       its colour starts at rgbOffset = 3 * greyOffset (3 bytes per pixel). Read r, g and
    // STARTER: //       b, and store (21 * r + 72 * g + 7 * b + 50) / 100 (README, "From colour to grey").
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
    // END SOLUTION
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: The same launch configuration as scale_picture, launching colorToGreyscaleConversion.
    dim3 dimGrid((n + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (m + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    colorToGreyscaleConversion<<<dimGrid, dimBlock>>>(d_rgb, d_grey, n, m);
    // END SOLUTION
}
