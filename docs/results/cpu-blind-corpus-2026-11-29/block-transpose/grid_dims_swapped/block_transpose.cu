// BLIND-BUG: the grid is (A_height / BLOCK_WIDTH, A_width / BLOCK_WIDTH): x and y exchanged, so non-square matrices are not covered (and some blocks fall outside).
// BLIND-LINE: 21
// Transposing each tile of a matrix in place, through shared memory.
#include "block_transpose.h"

__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH][BLOCK_WIDTH];

    int baseIdx = blockIdx.x * BLOCK_WIDTH + threadIdx.x;
    baseIdx += (blockIdx.y * BLOCK_WIDTH + threadIdx.y) * A_width;

    blockA[threadIdx.y][threadIdx.x] = A_elements[baseIdx];
    __syncthreads();
    A_elements[baseIdx] = blockA[threadIdx.x][threadIdx.y];
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(A_height / dimBlock.y, A_width / dimBlock.x);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
