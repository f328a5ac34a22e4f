// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Image blur over a (2*BLUR_SIZE+1)^2 patch clipped to the picture.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    int Row = blockIdx.y * blockDim.y + threadIdx.y;

    if (Col < w && Row < h) {
        // clip the patch to the picture once, instead of testing every pixel
        int r0 = max(Row - BLUR_SIZE, 0);
        int r1 = min(Row + BLUR_SIZE, h - 1);
        int c0 = max(Col - BLUR_SIZE, 0);
        int c1 = min(Col + BLUR_SIZE, w - 1);

        unsigned int sum = 0;
        for (int r = r0; r <= r1; ++r) {
            const unsigned char* line = in + r * w;
            for (int c = c0; c <= c1; ++c)
                sum += line[c];
        }
        unsigned int count = (unsigned int)((r1 - r0 + 1) * (c1 - c0 + 1));
        out[Row * w + Col] = (unsigned char)(sum / count);
    }
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    dim3 threads(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 grid((w - 1) / BLOCK_WIDTH + 1, (h - 1) / BLOCK_WIDTH + 1);
    blurKernel<<<grid, threads>>>(d_in, d_out, w, h);
}
