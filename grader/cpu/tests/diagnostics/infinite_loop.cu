// A grid-stride loop that forgot its stride: i never changes and the kernel never ends.
#include <cstdio>

__global__ void fill_ones(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {   // expected diagnostic
    out[i] = 1.0f;  // expected diagnostic
  }
}

int main() {
  const int n = 256;
  float* out;
  cudaMalloc(&out, n * sizeof(float));
  fill_ones<<<2, 64>>>(out, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
