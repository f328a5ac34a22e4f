// Vector addition without the bounds test: the grid has 1024 threads for 1000 elements, and the
// last 24 threads write past the end of C.
#include <cstdio>
#include <vector>

__global__ void vecAdd(const float* A, const float* B, float* C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  C[i] = A[i % n] + B[i % n];  // expected diagnostic
}

int main() {
  const int n = 1000;
  std::vector<float> h(n, 1.0f);
  float *A, *B, *C;
  cudaMalloc(&A, n * sizeof(float));
  cudaMalloc(&B, n * sizeof(float));
  cudaMalloc(&C, n * sizeof(float));
  cudaMemcpy(A, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(B, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  vecAdd<<<(n + 255) / 256, 256>>>(A, B, C, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s\n", cudaGetErrorString(err));
  return 0;
}
