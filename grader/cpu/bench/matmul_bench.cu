// A tiled 512x512x512 matrix multiplication (16x16 tiles, the textbook kernel) through the CPU backend:
// the time one correctness run of the matmul-tiled assignment costs. Prints, for each run, the wall
// time and the CPU time of the process (all worker threads together; on a busy machine the wall time
// grows while the CPU time does not), then the medians, and checks the result.
//
//   kitcpu_matmul_bench [runs]     (default 5)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#define TILE_WIDTH 16

__global__ void matmul_tiled(const float* M, const float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = blockIdx.y * TILE_WIDTH + ty;
  int Col = blockIdx.x * TILE_WIDTH + tx;
  float Pvalue = 0;
  for (int ph = 0; ph < Width / TILE_WIDTH; ++ph) {
    Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
    Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  P[Row * Width + Col] = Pvalue;
}

double process_cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main(int argc, char** argv) {
  const int Width = 512;
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  const std::size_t bytes = std::size_t(Width) * Width * sizeof(float);
  std::vector<float> M(Width * Width), N(Width * Width), P(Width * Width);
  for (int i = 0; i < Width * Width; ++i) {
    M[i] = static_cast<float>(i % 7 - 3);
    N[i] = static_cast<float>(i % 5 - 2);
  }
  float *dM, *dN, *dP;
  cudaMalloc(&dM, bytes);
  cudaMalloc(&dN, bytes);
  cudaMalloc(&dP, bytes);
  cudaMemcpy(dM, M.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dN, N.data(), bytes, cudaMemcpyHostToDevice);
  dim3 block(TILE_WIDTH, TILE_WIDTH), grid(Width / TILE_WIDTH, Width / TILE_WIDTH);

  std::vector<double> wall, cpu;
  for (int r = 0; r < runs; ++r) {
    double cpu_start = process_cpu_seconds();
    auto start = std::chrono::steady_clock::now();
    matmul_tiled<<<grid, block>>>(dM, dN, dP, Width);
    cudaDeviceSynchronize();
    auto stop = std::chrono::steady_clock::now();
    wall.push_back(std::chrono::duration<double>(stop - start).count());
    cpu.push_back(process_cpu_seconds() - cpu_start);
    std::printf("run %d: %.3f s wall, %.3f s CPU\n", r + 1, wall.back(), cpu.back());
  }
  cudaMemcpy(P.data(), dP, bytes, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int row = 0; row < Width; row += 37)
    for (int col = 0; col < Width; col += 41) {
      double expected = 0;
      for (int k = 0; k < Width; ++k) expected += double(M[row * Width + k]) * N[k * Width + col];
      wrong += std::fabs(expected - P[row * Width + col]) > 0;
    }
  std::printf("median of %d runs: %.3f s wall, %.3f s CPU (%s, %d sampled elements wrong)\n", runs,
              median(wall), median(cpu), cudaGetErrorString(cudaGetLastError()), wrong);
  return wrong == 0 ? 0 : 1;
}
