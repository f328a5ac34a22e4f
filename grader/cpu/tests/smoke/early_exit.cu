// A reduction whose threads past the end of the input return before the barrier. On a GPU the barrier
// ignores them and the result is right; the backend warns once and computes the same result.
#include <cuda_runtime.h>

#include <cstdio>

#define BLOCK 64

__global__ void block_sums(const int* in, int* sums, int n) {
  __shared__ int partial[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  partial[threadIdx.x] = in[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < BLOCK && blockIdx.x * BLOCK + k < n; ++k) sum += partial[k];
    sums[blockIdx.x] = sum;
  }
}

int main() {
  const int n = 150, blocks = (n + BLOCK - 1) / BLOCK;
  int in[n], sums[blocks];
  for (int i = 0; i < n; ++i) in[i] = i;
  int *d_in, *d_sums;
  cudaMalloc(&d_in, sizeof in);
  cudaMalloc(&d_sums, sizeof sums);
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  block_sums<<<blocks, BLOCK>>>(d_in, d_sums, n);
  cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int b = 0; b < blocks; ++b) total += sums[b];
  std::printf("total %d (expected %d)\n", total, n * (n - 1) / 2);
  return total == n * (n - 1) / 2 ? 0 : 1;
}
