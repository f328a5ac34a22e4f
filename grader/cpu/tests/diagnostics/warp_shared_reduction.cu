// A correct warp-synchronous reduction: shuffles for each warp's sum, then __syncwarp() between the
// steps of a reduction in shared memory. No checking build may report anything, and the sums must be
// right: 64 blocks of 64 threads, thread t of block b holding b + t, so block b sums to 64 b + 2016.
#include <cstdio>

__global__ void block_sums(int* sums) {
  __shared__ int partial[32];
  int t = threadIdx.x;
  int v = blockIdx.x + t;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (t % 32 == 0) partial[t / 32] = v;
  __syncthreads();
  if (t < 32) {
    partial[t] = t < 2 ? partial[t] : 0;
    __syncwarp();
    for (int offset = 16; offset > 0; offset /= 2) {
      if (t < offset) partial[t] += partial[t + offset];
      __syncwarp();
    }
    if (t == 0) sums[blockIdx.x] = partial[0];
  }
}

int main() {
  const int blocks = 64;
  int* d_sums;
  cudaMalloc(&d_sums, blocks * sizeof(int));
  block_sums<<<blocks, 64>>>(d_sums);
  int sums[blocks];
  cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
  cudaFree(d_sums);
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += sums[b] != 64 * b + 2016;
  std::printf("%d sums wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
