// A block of 64 threads (two warps) stages values in shared memory and reads a value the other warp
// stored, with __syncwarp() where a __syncthreads() belongs: __syncwarp() orders one warp only. In the
// forward order the first warp goes on past its __syncwarp() before the second warp has stored, so it
// reads what nobody wrote yet, as a GPU may: some results are wrong.
#include <cstdio>

__global__ void swap_halves(const int* in, int* out) {
  __shared__ int staged[64];
  const int t = threadIdx.x;
  staged[t] = in[t];
  __syncwarp();  // should be __syncthreads(): the value read next was stored by the other warp
  out[t] = staged[(t + 32) % 64];
}

int main() {
  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i + 1;
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof host);
  cudaMalloc(&d_out, sizeof host);
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof host);
  swap_halves<<<1, 64>>>(d_in, d_out);
  int result[64];
  cudaMemcpy(result, d_out, sizeof result, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += result[i] != (i + 32) % 64 + 1;
  std::printf("%d values wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
