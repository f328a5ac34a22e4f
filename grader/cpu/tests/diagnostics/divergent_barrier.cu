// Half a warp takes one barrier, the rest another: on a GPU the block may hang or silently compute
// garbage; the CPU backend stops at the first barrier that not every thread reaches.
#include <cstdio>

__global__ void split_halves(float* out) {
  __shared__ float values[32];
  int tx = threadIdx.x;
  values[tx] = tx;
  if (tx < 8) {
    __syncthreads();  // expected diagnostic
    out[tx] = values[tx + 8];
  } else {
    __syncthreads();  // expected diagnostic
    out[tx] = values[tx - 8];
  }
}

int main() {
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  split_halves<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return 0;
}
