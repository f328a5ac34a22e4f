// Two threads own each output element: the index is halved, as when a mapping divides where it should
// not. Which thread's value stays depends on the order they run in; the access checks name the store
// and both threads.
#include <cstdio>
#include <vector>

__global__ void halve_index(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i / 2] = in[i];  // expected diagnostic
}

int main() {
  const int n = 64;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i) in[i] = i;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, n * sizeof(int));
  halve_index<<<2, 32>>>(d_in, d_out, n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("out[0] = %d\n", out[0]);
  return 0;
}
