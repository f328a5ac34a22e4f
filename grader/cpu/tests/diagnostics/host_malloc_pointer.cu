// The vector addition of the first lab, launched with the host arrays instead of the device ones: on a
// GPU the kernel stops with cudaErrorIllegalAddress and the result is never computed; the CPU backend
// stops at the first load through h_A.
#include <cstdio>
#include <cstdlib>

__global__ void vecAdd(const float* A, const float* B, float* C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i];  // expected diagnostic
}

int main() {
  const int n = 1000;
  float* h_A = (float*)malloc(n * sizeof(float));
  float* h_B = (float*)malloc(n * sizeof(float));
  float* h_C = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    h_A[i] = i;
    h_B[i] = 2 * i;
  }
  vecAdd<<<(n + 255) / 256, 256>>>(h_A, h_B, h_C, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("kernel finished: %s, C[10] = %g\n", cudaGetErrorString(err), h_C[10]);
  free(h_A);
  free(h_B);
  free(h_C);
  return 0;
}
