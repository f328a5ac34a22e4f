// Shared-memory indexing one past the end. Usage: shared_out_of_bounds array|row
//   array: tile[threadIdx.x + 1] with a tile of blockDim.x elements: past the end of the array.
//   row:   Mds[ty][tx + 1] in a 16x16 tile: past the end of a row, inside the array except for the
//          last row.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#define TILE_WIDTH 16

__global__ void shift_tile(const float* in, float* out) {
  __shared__ float tile[TILE_WIDTH];
  int tx = threadIdx.x;
  tile[tx + 1] = in[tx];
  __syncthreads();
  out[tx] = tile[tx];
}

__global__ void shift_rows(const float* in, float* out) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  Mds[ty][tx + 1] = in[ty * TILE_WIDTH + tx];
  __syncthreads();
  out[ty * TILE_WIDTH + tx] = Mds[ty][tx];
}

int main(int argc, char** argv) {
  const bool rows = argc > 1 && std::strcmp(argv[1], "row") == 0;
  float *d_in, *d_out;
  cudaMalloc(&d_in, TILE_WIDTH * TILE_WIDTH * sizeof(float));
  cudaMalloc(&d_out, TILE_WIDTH * TILE_WIDTH * sizeof(float));
  cudaMemset(d_in, 0, TILE_WIDTH * TILE_WIDTH * sizeof(float));
  if (rows) {
    shift_rows<<<1, dim3(TILE_WIDTH, TILE_WIDTH)>>>(d_in, d_out);
  } else {
    shift_tile<<<1, TILE_WIDTH>>>(d_in, d_out);
  }
  cudaDeviceSynchronize();
  std::printf("finished\n");
  return 0;
}
