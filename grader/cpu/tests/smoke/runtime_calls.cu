// Two ways to the same sum, as the record of runtime calls (KITCPU_CALLS) shows them: a kernel, or the
// inputs copied to the host, added there and the result copied back, which a grader must not accept.
// Usage: runtime_calls kernel|host
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

__constant__ float weight;

__global__ void add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = weight * a[i] + b[i];
}

int main(int argc, char** argv) {
  const bool on_host = argc > 1 && std::strcmp(argv[1], "host") == 0;
  const int n = 1000;
  const std::size_t bytes = n * sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 0.0f);
  float *d_a, *d_b, *d_c;
  cudaMalloc(&d_a, bytes);
  cudaMalloc(&d_b, bytes);
  cudaMalloc(&d_c, bytes);
  cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b.data(), bytes, cudaMemcpyDefault);
  const float one = 1.0f;
  cudaMemcpyToSymbol(weight, &one, sizeof one);
  if (on_host) {
    std::vector<float> host_a(n), host_b(n);
    cudaMemcpy(host_a.data(), d_a, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(host_b.data(), d_b, bytes, cudaMemcpyHostToHost);
    for (int i = 0; i < n; ++i) c[i] = host_a[i] + host_b[i];
    cudaMemcpy(d_c, c.data(), bytes, cudaMemcpyHostToDevice);
  } else {
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
  }
  cudaDeviceSynchronize();
  cudaMemcpy(c.data(), d_c, bytes, cudaMemcpyDeviceToHost);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMemsetAsync(d_c, 0, bytes, stream);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  int wrong = 0;
  for (float v : c) wrong += v != 3.0f;
  std::printf("%d of %d sums wrong\n", wrong, n);
  return wrong == 0 ? 0 : 1;
}
