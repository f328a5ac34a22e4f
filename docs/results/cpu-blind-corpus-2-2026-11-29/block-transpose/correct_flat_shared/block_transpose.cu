// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Transposing each tile of a matrix in place, through shared memory.
#include "block_transpose.h"

// The tile is kept as one flat array: element (r, c) of the tile at r * BLOCK_WIDTH + c.
__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH * BLOCK_WIDTH];

    const int r = threadIdx.y, c = threadIdx.x;
    const int globalRow = blockIdx.y * BLOCK_WIDTH + r;
    const int globalCol = blockIdx.x * BLOCK_WIDTH + c;
    float* mine = A_elements + globalRow * A_width + globalCol;

    blockA[r * BLOCK_WIDTH + c] = *mine;

    // the partner (c, r) stores the element this thread reads: wait for the whole tile
    __syncthreads();

    *mine = blockA[c * BLOCK_WIDTH + r];
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(A_width / dimBlock.x, A_height / dimBlock.y);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
