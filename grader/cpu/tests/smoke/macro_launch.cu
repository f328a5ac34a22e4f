// Launches written inside #define bodies, as some textbooks do: they must run, and a diagnostic about
// one must name the line where the macro is used and the kernel the macro was given.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

__global__ void scale(float* values, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] *= factor;
}

__global__ void never_runs(int* unused) {}

#define LAUNCH(kernel, n, ...) kernel<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)
#define LAUNCH_TOO_WIDE never_runs<<<1, 2048>>>(nullptr)
#define DESCRIBE "scale<<<(n + 255) / 256, 256>>>(values, factor, n)"

int main() {
  const int n = 1000;
  std::vector<float> host(n, 1.5f);
  float* values = nullptr;
  cudaMalloc(&values, n * sizeof(float));
  cudaMemcpy(values, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  LAUNCH(scale, n, values, 2.0f, n);
  cudaMemcpy(host.data(), values, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (float v : host) wrong += v != 3.0f;
  std::printf("%s: %d wrong\n", DESCRIBE, wrong);

  LAUNCH_TOO_WIDE;
  LAUNCH(never_runs, 0, nullptr);
  const bool refused = cudaGetLastError() != cudaSuccess;
  std::printf("the launches a GPU refuses were %s\n", refused ? "refused" : "run");
  cudaFree(values);
  return wrong == 0 && refused ? 0 : 1;
}
