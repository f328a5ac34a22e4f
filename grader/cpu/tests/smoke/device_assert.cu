// assert() in a kernel fails for one thread: the diagnostic names it, like a GPU's device-side assert.
#include <cassert>
#include <cstdio>

#include <cuda_runtime.h>

__global__ void check_positive(const int* values) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(values[i] > 0);
}

int main() {
  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i == 37 ? -1 : i + 1;
  int* d_values;
  cudaMalloc(&d_values, sizeof host);
  cudaMemcpy(d_values, host, sizeof host, cudaMemcpyHostToDevice);
  check_positive<<<2, 32>>>(d_values);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
