// Each thread reads the value its left neighbour stored in shared memory, without a __syncthreads()
// in between. Correct by luck when threads run in index order, wrong in reverse order, and a data race
// for ThreadSanitizer. Exits 0 when the output is right, 1 when it is not.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void shift_left(const int* in, int* out) {
  extern __shared__ int buf[];
  int t = threadIdx.x;
  buf[t] = in[blockIdx.x * blockDim.x + t];
  // missing: __syncthreads();
  out[blockIdx.x * blockDim.x + t] = t > 0 ? buf[t - 1] : 0;
}

int main() {
  const int kBlocks = 4, kThreads = 64, n = kBlocks * kThreads;
  int host[n], result[n];
  for (int i = 0; i < n; ++i) host[i] = 3 * i + 1;
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof host);
  cudaMalloc(&d_out, sizeof host);
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  shift_left<<<kBlocks, kThreads, kThreads * sizeof(int)>>>(d_in, d_out);
  cudaMemcpy(result, d_out, sizeof result, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += result[i] != (i % kThreads > 0 ? host[i - 1] : 0);
  std::printf("%d of %d elements wrong\n", wrong, n);
  return wrong == 0 ? 0 : 1;
}
