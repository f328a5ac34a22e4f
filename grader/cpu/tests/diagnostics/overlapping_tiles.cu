// Two tiles carved from one dynamic allocation that overlap: the second starts one row after the first
// instead of a whole tile after it, so threads of one block store over each other's elements before the
// barrier. Which value the block then reads depends on the order its threads run in; the access checks
// name the first store onto another thread's element: threads run one after another, so thread (0,1,0)'s
// a_tile[4] lands on the b_tile[0] thread (0,0,0) stored.
#include <cstdio>
#include <vector>

constexpr int kTile = 4;

__global__ void add_tiles(const float* a, const float* b, float* out) {
  extern __shared__ float tiles[];
  float* a_tile = tiles;
  float* b_tile = tiles + kTile;  // should be tiles + kTile * kTile
  const int t = threadIdx.y * kTile + threadIdx.x;
  a_tile[t] = a[t];  // expected diagnostic
  b_tile[t] = b[t];
  __syncthreads();
  out[t] = a_tile[t] + b_tile[t];
}

int main() {
  const int n = kTile * kTile;
  std::vector<float> a(n, 1.0f), b(n, 2.0f), out(n, 0.0f);
  float *d_a, *d_b, *d_out;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_b, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_a, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  add_tiles<<<1, dim3(kTile, kTile), 2 * n * sizeof(float)>>>(d_a, d_b, d_out);
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("out[0] = %g\n", out[0]);
  return 0;
}
