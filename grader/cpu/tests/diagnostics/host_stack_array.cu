// A kernel given an array on the host stack: a GPU cannot reach it (cudaErrorIllegalAddress); the CPU
// backend stops at the store through it.
#include <cstdio>

__global__ void fill(int* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = 7 * i;  // expected diagnostic
}

int main() {
  int values[64] = {};
  fill<<<1, 64>>>(values, 64);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s, values[3] = %d\n", cudaGetErrorString(err), values[3]);
  return 0;
}
