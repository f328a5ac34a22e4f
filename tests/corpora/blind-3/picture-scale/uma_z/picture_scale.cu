// Two kernels on pictures: scaling every pixel, and turning a colour picture into a grey one.
// The scaling kernel uses wide, flat blocks (2*BLOCK_WIDTH across, BLOCK_WIDTH/2 down: the same number of
// threads, but a whole warp on one row) and 2-D grid-stride loops; the grey kernel treats the picture
// as one long array of n*m pixels and uses a 1-D launch.
#include "picture_scale.h"

__global__ void PictureKernel(const float* d_Pin, float* d_Pout, int n, int m)
{
    const int strideX = gridDim.x * blockDim.x;
    const int strideY = gridDim.y * blockDim.y;
    for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < m; row += strideY) {
        const float* in = d_Pin + (size_t)row * n;
        float* out = d_Pout + (size_t)row * n;
        for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < n; col += strideX)
            out[col] = 2.0f * in[col];
    }
}

static inline int divUp(int a, int b)
{
    return (a + b - 1) / b;
}

void scale_picture(const float* d_Pin, float* d_Pout, int n, int m)
{
    constexpr int BX = 2 * BLOCK_WIDTH;
    constexpr int BY = (BLOCK_WIDTH / 2 > 0) ? BLOCK_WIDTH / 2 : 1;
    const dim3 block(BX, BY);
    const dim3 grid(divUp(n, BX), divUp(m, BY));
    PictureKernel<<<grid, block>>>(d_Pin, d_Pout, n, m);
}

// Rounded luminance in whole numbers: weights in hundredths, + 50 rounds to nearest.
__device__ __forceinline__ unsigned char luminance(unsigned int r, unsigned int g, unsigned int b)
{
    return static_cast<unsigned char>((21u * r + 72u * g + 7u * b + 50u) / 100u);
}

// Pixel p of the picture (row p / n, column p % n) is grey[p], its colour rgb[3p .. 3p+2].
__global__ void colorToGreyscaleConversion(const unsigned char* rgb, unsigned char* grey, int n, int m)
{
    const long long pixels = (long long)n * m;
    const long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= pixels)
        return;
    const unsigned char* px = rgb + 3 * p;
    grey[p] = luminance(px[0], px[1], px[2]);
}

void colour_to_grey(const unsigned char* d_rgb, unsigned char* d_grey, int n, int m)
{
    const int threads = BLOCK_WIDTH * BLOCK_WIDTH;
    const long long pixels = (long long)n * m;
    const unsigned int blocks = (unsigned int)((pixels + threads - 1) / threads);
    colorToGreyscaleConversion<<<blocks, threads>>>(d_rgb, d_grey, n, m);
}
