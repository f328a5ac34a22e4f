// The student's side of adopted_memory_harness.cpp: functions given pointers into memory the harness
// adopted as device memory, the way the grader's runner hands over its inputs and outputs.
#include <cuda_runtime.h>

__global__ void scale(const float* in, float* out, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = factor * in[i];
}

// Right: a kernel reads and writes the device memory.
void scale_on_gpu(const float* in, float* out, int n) { scale<<<(n + 127) / 128, 128>>>(in, out, 2.0f, n); }

// Wrong: the host reads the input itself, which a GPU would not allow.
void scale_on_host(const float* in, float* out, int n) {
  float first = in[0];
  scale<<<(n + 127) / 128, 128>>>(in, out, first, n);
}
