// Half a warp calls __syncwarp() with the full mask and the other half never does: on a GPU the warp
// may hang or the shared values are read before they are written; the CPU backend stops at the
// __syncwarp() the other lanes do not reach.
#include <cstdio>

__global__ void half_warp_sync(int* out) {
  __shared__ int values[32];
  int lane = threadIdx.x;
  values[lane] = lane;
  if (lane < 16) {
    __syncwarp();  // expected diagnostic
    out[lane] = values[lane + 16];
  }
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  half_warp_sync<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return 0;
}
