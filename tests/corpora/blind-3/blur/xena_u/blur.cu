// Image blur: every pixel becomes the average of the patch of pixels around it.
// Instead of testing every patch pixel against the picture, each thread clamps the patch's row and
// column ranges to the picture once, and the pixel count is the area of the clamped rectangle.
#include "blur.h"

__global__ void blurKernel(const unsigned char* in, unsigned char* out, int w, int h)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= w || row >= h)
        return;

    // the part of the patch that lies inside the picture
    const int rowLo = max(row - BLUR_SIZE, 0);
    const int rowHi = min(row + BLUR_SIZE, h - 1);
    const int colLo = max(col - BLUR_SIZE, 0);
    const int colHi = min(col + BLUR_SIZE, w - 1);

    unsigned int sum = 0;
    for (int r = rowLo; r <= rowHi; ++r) {
        const unsigned char* line = in + (size_t)r * w;
        for (int c = colLo; c <= colHi; ++c)
            sum += line[c];
    }
    const unsigned int count = (unsigned int)((rowHi - rowLo + 1) * (colHi - colLo + 1));

    out[(size_t)row * w + col] = (unsigned char)(sum / count);
}

static dim3 coverGrid(int w, int h, dim3 block)
{
    return dim3((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
}

void blur_picture(const unsigned char* d_in, unsigned char* d_out, int w, int h)
{
    const dim3 block(BLOCK_WIDTH, BLOCK_WIDTH);
    blurKernel<<<coverGrid(w, h, block), block>>>(d_in, d_out, w, h);
}
