// Each thread writes one element to the right of its own: the last thread writes past the end of
// the shared array.
#include <cstdio>

#define TILE_WIDTH 16

__global__ void shift_into_tile(const float* in, float* out) {
  __shared__ float tile[TILE_WIDTH];
  tile[threadIdx.x + 1] = in[threadIdx.x];  // expected diagnostic
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, TILE_WIDTH * sizeof(float));
  cudaMalloc(&out, TILE_WIDTH * sizeof(float));
  cudaMemset(in, 0, TILE_WIDTH * sizeof(float));
  shift_into_tile<<<1, TILE_WIDTH>>>(in, out);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
