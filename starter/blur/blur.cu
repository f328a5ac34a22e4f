// Image blur: every pixel becomes the average of the patch of pixels around it. One thread per output
// pixel; each reads its whole patch from global memory, one load for each addition, which is why this
// kernel is limited by memory bandwidth (README, "One load per addition"). The handout
// (assignments/blur/README.md) explains every step.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    // TODO: A thread outside the picture has no pixel: return unless Col < w and Row < h
    //       (README, "One thread per pixel").

    int pixVal = 0;  // the sum of the patch's pixels that lie inside the picture
    int pixels = 0;  // how many there are

    // TODO: Get the average of the surrounding (2 * BLUR_SIZE + 1) x (2 * BLUR_SIZE + 1) patch:
    //       for blurRow and blurCol from -BLUR_SIZE to +BLUR_SIZE inclusive, the pixel at
    //       (Row + blurRow, Col + blurCol) counts only if it lies inside the picture; add it
    //       to pixVal and count it in pixels (README, "The patch at the border").

    // TODO: Write the average, pixVal / pixels in integer arithmetic, to out at (Row, Col).
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads and a grid that covers the picture
    //       (ceiling divisions), then launch blurKernel (README, "One thread per pixel").
}
