// The threads past the end of the array return before the barrier the others then wait at. A GPU
// lets the others through (exited threads no longer count), so the result is right, but the
// pattern breaks as soon as the exited threads had work to do before the barrier: a warning.
#include <cstdio>
#include <vector>

__global__ void reverse_blocks(const int* in, int* out, int n) {
  __shared__ int slice[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  slice[threadIdx.x] = in[i];
  __syncthreads();  // expected diagnostic: the barrier the returned threads never reach
  int last = min(static_cast<int>(blockDim.x), n - static_cast<int>(blockIdx.x * blockDim.x)) - 1;
  out[i] = slice[last - threadIdx.x];
}

int main() {
  const int n = 300;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = i;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  reverse_blocks<<<(n + 127) / 128, 128>>>(d_in, d_out, n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int start = i / 128 * 128, last = (i / 128 == n / 128 ? n - start : 128) - 1;
    wrong += out[i] != start + last - (i - start);
  }
  std::printf("%d of %d elements wrong\n", wrong, n);
  return wrong == 0 ? 0 : 1;
}
