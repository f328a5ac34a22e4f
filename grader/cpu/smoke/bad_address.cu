// A kernel that writes past the end of its output. Usage: bad_address overflow|null
//   overflow: one element past a cudaMalloc'ed buffer (AddressSanitizer: global-out-of-bounds)
//   null:     through a null pointer (every flavour stops at it)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void fill(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 1.0f;
}

int main(int argc, char** argv) {
  const bool null = argc > 1 && std::strcmp(argv[1], "null") == 0;
  const int n = 100;
  float* d_out = nullptr;
  if (!null) cudaMalloc(&d_out, n * sizeof(float));
  fill<<<(n + 127) / 128, 128>>>(d_out, n);
  cudaDeviceSynchronize();
  std::printf("finished\n");
  return 0;
}
