// Each thread reads the value its left-hand neighbour wrote, with no barrier in between. When the
// threads of a block happen to run in index order the neighbour has always written already and the
// result is right; in any other order it is wrong. The program checks its own result: exit 0 when
// right, 1 when wrong.
#include <cstdio>
#include <vector>

#define BLOCK 64

__global__ void shift_right(const int* in, int* out, int n) {
  __shared__ int values[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  values[threadIdx.x] = in[i];
  // (the __syncthreads() that belongs here is missing)
  out[i] = threadIdx.x > 0 ? values[threadIdx.x - 1] : -1;  // expected diagnostic
}

int main() {
  const int n = 4 * BLOCK;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = 5 * i + 3;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  shift_right<<<n / BLOCK, BLOCK>>>(d_in, d_out, n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != (i % BLOCK > 0 ? in[i - 1] : -1);
  std::printf("%d of %d elements wrong\n", wrong, n);
  return wrong == 0 ? 0 : 1;
}
