// Image blur: every pixel becomes the average of the patch of pixels around it. One thread per output
// pixel; each reads its whole patch from global memory, one load for each addition, which is why this
// kernel is limited by memory bandwidth (README, "One load per addition"). The handout
// (assignments/blur/README.md) explains every step.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    // threads outside the picture have nothing to do
    if (Col > w || Row > h)
        return;

    int pixVal = 0;  // the sum of the patch's pixels that lie inside the picture
    int pixels = 0;  // how many there are

    for (int blurRow = -BLUR_SIZE; blurRow <= BLUR_SIZE; blurRow++) {
        for (int blurCol = -BLUR_SIZE; blurCol <= BLUR_SIZE; blurCol++) {
            int curRow = Row + blurRow;
            int curCol = Col + blurCol;
            if (curRow >= 0 && curRow < h && curCol >= 0 && curCol < w) {
                pixVal += in[curRow * w + curCol];
                pixels++;
            }
        }
    }

    out[Row * w + Col] = (unsigned char)(pixVal / pixels);
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    int gridX = (w + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    int gridY = (h + BLOCK_WIDTH - 1) / BLOCK_WIDTH;
    dim3 dimGrid(gridX, gridY);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    blurKernel<<<dimGrid, dimBlock>>>(d_in, d_out, w, h);
}
