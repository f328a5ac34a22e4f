// A device-side assert that fails in one thread.
#include <cassert>
#include <cstdio>

__global__ void check_positive(const int* values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) assert(values[i] > 0);  // expected diagnostic
}

int main() {
  const int n = 64;
  int host[n];
  for (int i = 0; i < n; ++i) host[i] = i == 37 ? -1 : i + 1;
  int* values;
  cudaMalloc(&values, sizeof host);
  cudaMemcpy(values, host, sizeof host, cudaMemcpyHostToDevice);
  check_positive<<<2, 32>>>(values, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
