// A kernel that writes past the end of its output. Usage: bad_address overflow|page|before|null
//   overflow: one element past a cudaMalloc'ed buffer (AddressSanitizer: global-out-of-bounds)
//   page:     the same with a buffer of exactly one page, which leaves no slack before the next one
//   before:   one element before the start of the buffer
//   null:     through a null pointer (every flavour stops at it)
#include <cuda_runtime.h>

#include <cstdio>
#include <string>

__global__ void fill(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 1.0f;
}

__global__ void fill_shifted(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i - 1] = 1.0f;
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "overflow";
  const bool null = mode == "null";
  const int n = mode == "page" ? 1024 : 100;
  float* d_out = nullptr;
  if (!null) cudaMalloc(&d_out, n * sizeof(float));
  if (mode == "before") {
    fill_shifted<<<1, 128>>>(d_out, n);
  } else {
    fill<<<n / 128 + 1, 128>>>(d_out, n);  // one thread more than n, at least
  }
  cudaDeviceSynchronize();
  std::printf("finished\n");
  return 0;
}
