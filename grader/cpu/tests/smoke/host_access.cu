// Host code that reaches into device memory instead of copying it: on a GPU such a line crashes or
// reads garbage, on the CPU backend it would quietly work and could compute the answer without a kernel.
// Usage: host_access correct|read|write|memcpy|freed
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

__global__ void twice(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "correct";
  const int n = 1000;
  std::vector<float> host(n, 1.5f);
  float* d_in = nullptr;
  float* d_out = nullptr;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  if (std::strcmp(mode, "read") == 0) std::printf("the first input is %f\n", d_in[2]);
  if (std::strcmp(mode, "write") == 0) {
    for (int i = 0; i < n; ++i) d_out[i] = 2 * host[i];
  }
  if (std::strcmp(mode, "memcpy") == 0) std::memcpy(host.data(), d_in, n * sizeof(float));
  twice<<<(n + 255) / 256, 256>>>(d_in, d_out, n);
  cudaMemcpy(host.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (float v : host) wrong += v != 3.0f;
  cudaFree(d_in);
  if (std::strcmp(mode, "freed") == 0) std::printf("after cudaFree: %f\n", d_in[0]);
  cudaFree(d_out);
  std::printf("%d wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
