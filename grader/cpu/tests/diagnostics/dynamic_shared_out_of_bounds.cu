// The dynamic shared array is sized for one float per thread, but every thread also writes the
// element after its own: the last thread writes past the end of what the launch asked for.
#include <cstdio>

__global__ void pairwise_sums(const float* in, float* out) {
  extern __shared__ float buffer[];
  unsigned t = threadIdx.x;
  buffer[t] = in[t];
  buffer[t + 1] = 0.0f;  // expected diagnostic
  __syncthreads();
  out[t] = buffer[t] + buffer[(t + 1) % blockDim.x];
}

int main() {
  const int threads = 64;
  float *in, *out;
  cudaMalloc(&in, threads * sizeof(float));
  cudaMalloc(&out, threads * sizeof(float));
  cudaMemset(in, 0, threads * sizeof(float));
  pairwise_sums<<<1, threads, threads * sizeof(float)>>>(in, out);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
