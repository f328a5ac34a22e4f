// Transposing each tile of a matrix in place, through shared memory.
#include "block_transpose.h"

// One block per BLOCK_WIDTH x BLOCK_WIDTH tile of A, one thread per element of the tile. Thread (x, y)
// loads the element in row y, column x of its tile into shared memory, and stores back the element in row
// x, column y: the one its partner thread (y, x) loaded.
__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH][BLOCK_WIDTH];

    int baseIdx = blockIdx.x * BLOCK_WIDTH + threadIdx.x;
    baseIdx += (blockIdx.y * BLOCK_WIDTH + threadIdx.y) * A_width;

    blockA[threadIdx.y][threadIdx.x] = A_elements[baseIdx];
    // threads no longer run in lock step (Volta+), so make them wait for the partner's load
    __syncwarp();
    A_elements[baseIdx] = blockA[threadIdx.x][threadIdx.y];
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(A_width / dimBlock.x, A_height / dimBlock.y);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
