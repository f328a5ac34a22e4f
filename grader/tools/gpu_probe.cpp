// kit-gpu-probe: is there a CUDA GPU this process can use? Exit 0 when there is, printing its name and
// compute capability; exit 1 with the reason when there is not. The grader runs it for `--backend auto`,
// so a broken driver only ever takes down this small process.
#include <cstdio>

#include <cuda_runtime.h>

int main() {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e == cudaSuccess && count > 0) e = cudaFree(nullptr);  // creates a context: the real test
  if (e != cudaSuccess || count == 0) {
    std::printf("%s\n", e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
    return 1;
  }
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  std::printf("name: %s\ncompute_capability: %d.%d\n", p.name, p.major, p.minor);
  return 0;
}
