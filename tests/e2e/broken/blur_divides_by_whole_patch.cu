// broken: blur
// bug: the average divides by the whole patch, (2*BLUR_SIZE+1)^2, also at the border where fewer pixels were added
// expect-fail: the course's 76x62 picture
// expect-fail: one pixel, one row, one column
// expect-text: divides by the whole patch
// expect-diagnosis: wrong-answer

// The blur with one deliberate bug, described above: every pixel on the border of the picture comes out
// too dark, the corners at 4/9 of their brightness.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col >= w || Row >= h) return;

    int pixVal = 0;  // the sum of the patch's pixels that lie inside the picture
    int pixels = 0;  // how many there are

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

    out[Row * w + Col] = (unsigned char)(pixVal / ((2 * BLUR_SIZE + 1) * (2 * BLUR_SIZE + 1)));
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    dim3 dimGrid((w + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (h + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    blurKernel<<<dimGrid, dimBlock>>>(d_in, d_out, w, h);
}
