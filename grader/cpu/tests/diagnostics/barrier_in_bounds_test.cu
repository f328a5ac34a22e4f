// The tiled matmul with its whole body inside the bounds test: for Width 17 the threads of the
// partial tiles that fall outside the matrix never reach the barriers the others wait at, and
// never load their part of the tiles.
#include <cstdio>
#include <vector>

#define TILE_WIDTH 16

__global__ void matmul_guarded(const float* M, const float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = blockIdx.y * TILE_WIDTH + ty;
  int Col = blockIdx.x * TILE_WIDTH + tx;
  if (Row < Width && Col < Width) {
    float Pvalue = 0;
    for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
      Mds[ty][tx] = ph * TILE_WIDTH + tx < Width ? M[Row * Width + ph * TILE_WIDTH + tx] : 0;
      Nds[ty][tx] = ph * TILE_WIDTH + ty < Width ? N[(ph * TILE_WIDTH + ty) * Width + Col] : 0;
      __syncthreads();  // expected diagnostic
      for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
      __syncthreads();  // expected diagnostic
    }
    P[Row * Width + Col] = Pvalue;
  }
}

int main() {
  const int Width = 17;
  std::vector<float> h(Width * Width, 1.0f);
  float *M, *N, *P;
  cudaMalloc(&M, h.size() * sizeof(float));
  cudaMalloc(&N, h.size() * sizeof(float));
  cudaMalloc(&P, h.size() * sizeof(float));
  cudaMemcpy(M, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(N, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE_WIDTH, TILE_WIDTH), grid(2, 2);
  matmul_guarded<<<grid, block>>>(M, N, P, Width);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
