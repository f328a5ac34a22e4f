// Image blur: every pixel becomes the average of the patch of pixels around it. One thread per output
// pixel; each reads its whole patch from global memory, one load for each addition, which is why this
// kernel is limited by memory bandwidth (README, "One load per addition"). The handout
// (assignments/blur/README.md) explains every step.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    // BEGIN SOLUTION
    // STARTER: // TODO: A thread outside the picture has no pixel: return unless Col < w and Row < h
    // STARTER: //       (README, "One thread per pixel").
    if (Col >= w || Row >= h) return;
    // END SOLUTION

    int pixVal = 0;  // the sum of the patch's pixels that lie inside the picture
    int pixels = 0;  // how many there are

    // BEGIN SOLUTION
    // STARTER: // TODO: Get the average of the surrounding (2 * BLUR_SIZE + 1) x (2 * BLUR_SIZE + 1) patch:
    // STARTER: //       for blurRow and blurCol from -BLUR_SIZE to +BLUR_SIZE inclusive, the pixel at
    // STARTER: //       (Row + blurRow, Col + blurCol) counts only if it lies inside the picture; add it
    // STARTER: //       to pixVal and count it in pixels (README, "The patch at the border").
    for (int blurRow = -BLUR_SIZE; blurRow < BLUR_SIZE + 1; ++blurRow) {
        for (int blurCol = -BLUR_SIZE; blurCol < BLUR_SIZE + 1; ++blurCol) {
            int curRow = Row + blurRow;
            int curCol = Col + blurCol;
            // Verify we have a valid image pixel: near the border part of the patch lies outside.
            if (curRow > -1 && curRow < h && curCol > -1 && curCol < w) {
                pixVal += in[curRow * w + curCol];
                pixels++;  // keep track of the number of pixels in the average
            }
        }
    }
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Write the average, pixVal / pixels in integer arithmetic, to out at (Row, Col).
    out[Row * w + Col] = (unsigned char)(pixVal / pixels);
    // END SOLUTION
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Blocks of BLOCK_WIDTH x BLOCK_WIDTH threads and a grid that covers the picture
    // STARTER: //       (ceiling divisions), then launch blurKernel (README, "One thread per pixel").
    dim3 dimGrid((w + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (h + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    blurKernel<<<dimGrid, dimBlock>>>(d_in, d_out, w, h);
    // END SOLUTION
}
