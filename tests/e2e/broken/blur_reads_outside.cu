// broken: blur
// bug: the patch's pixels are read without testing that they lie inside the picture
// expect-fail: the course's 76x62 picture
// expect-fail: one pixel, one row, one column
// expect-text: out-of-bounds read

// The blur with one deliberate bug, described above: the patch of a pixel in the first row reads before
// the start of in, of the last row past its end, and at the left and right edges pixels of the
// neighbouring rows.
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
            pixVal += in[curRow * w + curCol];
            pixels++;  // keep track of the number of pixels in the average
        }
    }

    out[Row * w + Col] = (unsigned char)(pixVal / pixels);
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    dim3 dimGrid((w + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (h + BLOCK_WIDTH - 1) / BLOCK_WIDTH, 1);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH, 1);
    blurKernel<<<dimGrid, dimBlock>>>(d_in, d_out, w, h);
}
