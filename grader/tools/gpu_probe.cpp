// kit-gpu-probe: is there a CUDA GPU this process can use? Exit 0 when there is, printing its name,
// compute capability and the limits a device query is checked against; exit 1 with the reason when
// there is not. The grader runs it for `--backend auto`, so a broken driver only ever takes down this
// small process.
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
  // The limits a device-query submission is checked against and `grader asm`'s occupancy is computed from
  // (kit/device_limits.h): read here, by the grader's own process, never from the student's.
  std::printf("multiprocessor_count: %d\nmax_threads_per_block: %d\nmax_threads_per_multiprocessor: %d\n"
              "max_blocks_per_multiprocessor: %d\nshared_memory_per_block: %zu\nregisters_per_block: %d\n"
              "registers_per_multiprocessor: %d\nwarp_size: %d\nshared_memory_per_multiprocessor: %zu\n"
              "reserved_shared_memory_per_block: %zu\n",
              p.multiProcessorCount, p.maxThreadsPerBlock, p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor,
              p.sharedMemPerBlock, p.regsPerBlock, p.regsPerMultiprocessor, p.warpSize, p.sharedMemPerMultiprocessor,
              p.reservedSharedMemPerBlock);
  return 0;
}
