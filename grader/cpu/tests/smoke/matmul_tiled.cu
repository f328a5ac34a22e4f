// A tiled matrix multiplication as the kit's assignments have students write it, with the boundary
// tests that make any Width work. Usage: matmul_tiled [Width]; exits 0 when P matches the reference.
#include <cuda_runtime.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE_WIDTH 16

__global__ void matmul_tiled(const float* M, const float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = blockIdx.y * TILE_WIDTH + ty;
  int Col = blockIdx.x * TILE_WIDTH + tx;
  float Pvalue = 0;
  for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    // Zero fill outside the matrix, so every thread takes part in every barrier.
    Mds[ty][tx] = (Row < Width && ph * TILE_WIDTH + tx < Width) ? M[Row * Width + ph * TILE_WIDTH + tx] : 0.0f;
    Nds[ty][tx] = (Col < Width && ph * TILE_WIDTH + ty < Width) ? N[(ph * TILE_WIDTH + ty) * Width + Col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  if (Row < Width && Col < Width) P[Row * Width + Col] = Pvalue;
}

int main(int argc, char** argv) {
  const int Width = argc > 1 ? std::atoi(argv[1]) : 512;
  const size_t bytes = size_t(Width) * Width * sizeof(float);
  std::vector<float> M(size_t(Width) * Width), N(M.size()), P(M.size());
  for (size_t i = 0; i < M.size(); ++i) {
    M[i] = float(int(i * 7 % 17) - 8) / 8.0f;
    N[i] = float(int(i * 5 % 13) - 6) / 8.0f;
  }
  float *d_M, *d_N, *d_P;
  cudaMalloc(&d_M, bytes);
  cudaMalloc(&d_N, bytes);
  cudaMalloc(&d_P, bytes);
  cudaMemcpy(d_M, M.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_N, N.data(), bytes, cudaMemcpyHostToDevice);

  dim3 block(TILE_WIDTH, TILE_WIDTH);
  dim3 grid((Width + TILE_WIDTH - 1) / TILE_WIDTH, (Width + TILE_WIDTH - 1) / TILE_WIDTH);
  const auto start = std::chrono::steady_clock::now();
  matmul_tiled<<<grid, block>>>(d_M, d_N, d_P, Width);
  cudaDeviceSynchronize();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (cudaGetLastError() != cudaSuccess) return 3;
  cudaMemcpy(P.data(), d_P, bytes, cudaMemcpyDeviceToHost);

  int wrong = 0;
  for (int r = 0; r < Width; ++r) {
    for (int c = 0; c < Width; ++c) {
      double expected = 0;
      for (int k = 0; k < Width; ++k) expected += double(M[r * Width + k]) * N[k * Width + c];
      if (std::fabs(P[r * Width + c] - expected) > 1e-3 * (1 + std::fabs(expected))) ++wrong;
    }
  }
  std::printf("Width %d: %d wrong, kernel %.3f s\n", Width, wrong, seconds);
  cudaFree(d_M);
  cudaFree(d_N);
  cudaFree(d_P);
  return wrong == 0 ? 0 : 1;
}
