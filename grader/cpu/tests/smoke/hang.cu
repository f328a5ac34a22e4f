// Thread 0 waits in a loop for a flag that thread 1 sets only after it. On the CPU backend the threads
// of a block take turns only at barriers, so thread 0 spins for ever and the watchdog reports where.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void wait_for_neighbour(volatile int* flag) {
  if (threadIdx.x == 0) {
    while (flag[0] == 0) {
    }
  } else if (threadIdx.x == 1) {
    flag[0] = 1;
  }
}

int main() {
  int* d_flag;
  cudaMalloc(&d_flag, sizeof(int));
  cudaMemset(d_flag, 0, sizeof(int));
  wait_for_neighbour<<<1, 32>>>(d_flag);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
