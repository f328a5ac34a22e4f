// A file that asks the preprocessor whether nvcc compiles it, and adds on the host when it does not:
// on the CPU backend it would pass without its kernel ever running. The rewriter must refuse it.
#include <cstdio>

__global__ void add_one(int* values) { values[threadIdx.x] += 1; }

int main() {
  int host[32] = {};
#ifdef __CUDACC__
  int* device = nullptr;
  cudaMalloc(&device, sizeof host);
  cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  add_one<<<1, 32>>>(device);
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
#else
  for (int& v : host) v += 1;
#endif
  std::printf("%d\n", host[31]);
  return 0;
}
