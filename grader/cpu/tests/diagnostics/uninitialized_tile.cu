// Each block stages BLOCK values in a tile, but the load skips the last slot (a bounds test one too
// strict), so the thread that reads it gets whatever shared memory held. The access checks name the
// read: no thread of the block ever stores the slot.
#include <cstdio>
#include <vector>

#define BLOCK 32

__global__ void copy_through_tile(const float* in, float* out) {
  __shared__ float tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < BLOCK - 1) tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[threadIdx.x];  // expected diagnostic
}

int main() {
  const int n = 2 * BLOCK;
  std::vector<float> in(n, 1.0f), out(n);
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  copy_through_tile<<<n / BLOCK, BLOCK>>>(d_in, d_out);
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != in[i];
  std::printf("%d of %d elements wrong\n", wrong, n);
  return wrong == 0 ? 0 : 1;
}
