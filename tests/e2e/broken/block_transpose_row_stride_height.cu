// broken: block-transpose
// bug: the row index is multiplied by A_height, not A_width: right for square matrices only
// expect-pass: BLOCK_WIDTH 1
// expect-fail: a block of one warp (BLOCK_WIDTH 2 to 5)
// expect-fail: a block of several warps (BLOCK_WIDTH 6 to 20)
// expect-fail: square and rectangular matrices (BLOCK_WIDTH 16)
// expect-text: elements wrong

// The fixed kernel with one deliberate bug, described above: a row of A is A_width floats long, so the
// element in row r, column c is at r * A_width + c. With A_height there, a matrix taller than it is wide
// is read and written in the wrong places, and one wider than tall past its end.
#include "block_transpose.h"

__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH][BLOCK_WIDTH];

    int baseIdx = blockIdx.x * BLOCK_WIDTH + threadIdx.x;
    baseIdx += (blockIdx.y * BLOCK_WIDTH + threadIdx.y) * A_height;

    blockA[threadIdx.y][threadIdx.x] = A_elements[baseIdx];
    __syncthreads();
    A_elements[baseIdx] = blockA[threadIdx.x][threadIdx.y];
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(A_width / dimBlock.x, A_height / dimBlock.y);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
