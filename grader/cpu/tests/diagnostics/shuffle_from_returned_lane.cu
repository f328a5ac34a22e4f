// A warp sum whose threads past n return first, then shuffle with a full mask: the lanes that read a
// lane which returned get a value a GPU leaves undefined. The backend gives them a NaN and warns once,
// naming the shuffle's line.
#include <cstdio>

__global__ void warp_sum(const float* in, float* out, int n) {
  const int t = threadIdx.x;
  if (t >= n) return;
  float v = in[t];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);  // expected diagnostic
  if (t == 0) *out = v;
}

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i) host[i] = 1.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, sizeof host);
  cudaMalloc(&d_out, sizeof(float));
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  warp_sum<<<1, 32>>>(d_in, d_out, 20);
  float sum = 0;
  cudaMemcpy(&sum, d_out, sizeof sum, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  std::printf("sum %s\n", sum == sum ? "is a number" : "is NaN");
  return 0;
}
