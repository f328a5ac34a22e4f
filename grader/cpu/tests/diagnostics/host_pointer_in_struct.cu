// A struct passed by value that carries a host pointer (malloc'd weights) beside a device pointer and two
// sizes: the kernel's read through the host pointer is reported, naming the struct argument; the device
// pointer and the sizes reach the kernel as they are.
#include <cstdio>
#include <cstdlib>

struct Scaling {
  const float* weights;  // host memory: a GPU cannot follow it
  float* out;            // device memory
  long count;
  float factor, offset;
};

__global__ void scale(Scaling s) {
  const int i = threadIdx.x;
  if (i < s.count) s.out[i] = s.weights[i] * s.factor + s.offset;  // expected diagnostic
}

int main() {
  float* weights = static_cast<float*>(std::malloc(32 * sizeof(float)));
  for (int i = 0; i < 32; ++i) weights[i] = 1.0f;
  float* d_out;
  cudaMalloc(&d_out, 32 * sizeof(float));
  scale<<<1, 32>>>(Scaling{weights, d_out, 32, 2.0f, 0.5f});
  cudaDeviceSynchronize();
  cudaFree(d_out);
  std::free(weights);
  std::printf("done\n");
  return 0;
}
