// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Tiles transposed in place through a one-dimensional shared array and a register (unusual, valid).
#include "block_transpose.h"

__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH * BLOCK_WIDTH];

    const int r = blockIdx.y * BLOCK_WIDTH + threadIdx.y;
    const int c = blockIdx.x * BLOCK_WIDTH + threadIdx.x;
    float* const mine = A_elements + (size_t)r * A_width + c;

    blockA[threadIdx.y * BLOCK_WIDTH + threadIdx.x] = *mine;
    __syncthreads();
    const float partner = blockA[threadIdx.x * BLOCK_WIDTH + threadIdx.y];
    *mine = partner;
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    const dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    const dim3 dimGrid((A_width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (A_height + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
