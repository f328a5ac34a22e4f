// A struct passed by value with device pointers, sizes and floats only: nothing in it is a host pointer,
// so every value reaches the kernel as it is and the result is right.
#include <cstdio>

struct Job {
  const float* in;
  float* out;
  long count;
  double factor;
};

__global__ void run(Job j) {
  const int i = threadIdx.x;
  if (i < j.count) j.out[i] = j.in[i] * static_cast<float>(j.factor);
}

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i) host[i] = static_cast<float>(i);
  float *d_in, *d_out;
  cudaMalloc(&d_in, sizeof host);
  cudaMalloc(&d_out, sizeof host);
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  run<<<1, 32>>>(Job{d_in, d_out, 32, 2.0});
  cudaMemcpy(host, d_out, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  int wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += host[i] != 2.0f * i;
  std::printf("%d values wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
