// broken: blur
// bug: the patch's bounds are written with 1, BLUR_SIZE's default, instead of the name BLUR_SIZE
// expect-fail: other patch sizes
// expect-pass: the course's 76x62 picture
// expect-text: blur with BLUR_SIZE 1
// expect-diagnosis: wrong-answer

// The blur with one deliberate bug, described above: right with the default build, a 3x3 blur in the
// builds with -DBLUR_SIZE=2 and 4.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col >= w || Row >= h) return;

    int pixVal = 0;  // the sum of the patch's pixels that lie inside the picture
    int pixels = 0;  // how many there are

    for (int blurRow = -1; blurRow < 2; ++blurRow) {
        for (int blurCol = -1; blurCol < 2; ++blurCol) {
            int curRow = Row + blurRow;
            int curCol = Col + blurCol;
            // Verify we have a valid image pixel: near the border part of the patch lies outside.
            if (curRow > -1 && curRow < h && curCol > -1 && curCol < w) {
                pixVal += in[curRow * w + curCol];
                pixels++;  // keep track of the number of pixels in the average
            }
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
