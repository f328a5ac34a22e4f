// BLIND-BUG: the patch pixel is read at in[curRow * h + curCol]: row stride h instead of w (wrong stride).
// BLIND-LINE: 22
// Image blur: every pixel becomes the average of the patch of pixels around it.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col >= w || Row >= h)
        return;

    int pixVal = 0;
    int pixels = 0;

    for (int blurRow = -BLUR_SIZE; blurRow < BLUR_SIZE + 1; ++blurRow) {
        for (int blurCol = -BLUR_SIZE; blurCol < BLUR_SIZE + 1; ++blurCol) {
            int curRow = Row + blurRow;
            int curCol = Col + blurCol;
            if (curRow > -1 && curRow < h && curCol > -1 && curCol < w) {
                pixVal += in[curRow * h + curCol];
                pixels++;
            }
        }
    }

    out[Row * w + Col] = (unsigned char)(pixVal / pixels);
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((w + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (h + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    blurKernel<<<dimGrid, dimBlock>>>(d_in, d_out, w, h);
}
