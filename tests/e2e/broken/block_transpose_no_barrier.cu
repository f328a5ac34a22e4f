// broken: block-transpose
// bug: the kernel as it was handed out: no __syncthreads between the loads into blockA and the reads back
// expect-pass: BLOCK_WIDTH 1
// expect-fail-cpu: a block of one warp (BLOCK_WIDTH 2 to 5)
// expect-fail-cpu: a block of several warps (BLOCK_WIDTH 6 to 20)
// expect-fail-cpu: square and rectangular matrices (BLOCK_WIDTH 16)
// expect-text-cpu: missing __syncthreads suspected
// expect-fail-cuda: a block of several warps (BLOCK_WIDTH 6 to 20)

// Each thread stores the element its partner across the tile's diagonal loaded; without a barrier nothing
// says the partner has loaded it yet. Right by accident when a warp runs in lock step and the tile fits in
// one warp (BLOCK_WIDTH up to 5), wrong when it takes several warps, and never guaranteed. The CPU backend
// runs no warp in lock step and every width above 1 fails there.
#include "block_transpose.h"

__global__ void BlockTranspose(float* A_elements, int A_width, int A_height)
{
    __shared__ float blockA[BLOCK_WIDTH][BLOCK_WIDTH];

    int baseIdx = blockIdx.x * BLOCK_WIDTH + threadIdx.x;
    baseIdx += (blockIdx.y * BLOCK_WIDTH + threadIdx.y) * A_width;

    blockA[threadIdx.y][threadIdx.x] = A_elements[baseIdx];
    A_elements[baseIdx] = blockA[threadIdx.x][threadIdx.y];
}

void block_transpose(float* A_elements, int A_width, int A_height)
{
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid(A_width / dimBlock.x, A_height / dimBlock.y);
    BlockTranspose<<<dimGrid, dimBlock>>>(A_elements, A_width, A_height);
}
