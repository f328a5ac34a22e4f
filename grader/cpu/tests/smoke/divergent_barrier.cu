// Two divergent barriers. Usage: divergent_barrier condition|same-line
//   condition: the tile loop inside if (Row < Width && Col < Width): threads outside the matrix finish
//              the kernel while the others wait at the barrier.
//   same-line: if (tx < 8) __syncthreads(); else __syncthreads(); two barriers on one line.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#define TILE_WIDTH 16

__global__ void matmul_guarded(const float* M, const float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = blockIdx.y * TILE_WIDTH + ty, Col = blockIdx.x * TILE_WIDTH + tx;
  if (Row < Width && Col < Width) {
    float Pvalue = 0;
    for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
      Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
      Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
      __syncthreads();
      for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
      __syncthreads();
    }
    P[Row * Width + Col] = Pvalue;
  }
}

__global__ void split_barrier(int* out) {
  int tx = threadIdx.x;
  if (tx < 8) __syncthreads(); else __syncthreads();
  out[tx] = tx;
}

int main(int argc, char** argv) {
  const bool same_line = argc > 1 && std::strcmp(argv[1], "same-line") == 0;
  const int Width = 20;
  float *d_M, *d_N, *d_P;
  cudaMalloc(&d_M, 32 * 32 * sizeof(float));
  cudaMalloc(&d_N, 32 * 32 * sizeof(float));
  cudaMalloc(&d_P, 32 * 32 * sizeof(float));
  cudaMemset(d_M, 0, 32 * 32 * sizeof(float));
  cudaMemset(d_N, 0, 32 * 32 * sizeof(float));
  if (same_line) {
    split_barrier<<<1, 32>>>(reinterpret_cast<int*>(d_P));
  } else {
    matmul_guarded<<<dim3(2, 2), dim3(TILE_WIDTH, TILE_WIDTH)>>>(d_M, d_N, d_P, Width);
  }
  cudaDeviceSynchronize();
  std::printf("not reached: the divergent barrier is fatal\n");
  return 0;
}
