// The cost of one CUDA thread passing one __syncthreads() in the CPU backend's scheduler: blocks of
// 32, 256 and 1024 threads run a loop of barriers and nothing else, so the time is all switching
// (into each fiber and back to the scheduler) and barrier bookkeeping.
//
//   kitcpu_barrier_bench [thread_barriers_per_size]     (default 8,000,000)
// Run it with KITCPU_WORKERS=1 for the cost on one core.
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void barriers_only(int rounds, int* sink) {
  int v = threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    __syncthreads();
    v += r;
  }
  if (v == -1) *sink = v;  // keeps the loop from being optimised away
}

int main(int argc, char** argv) {
  long total = argc > 1 ? std::atol(argv[1]) : 8000000L;
  int* sink;
  cudaMalloc(&sink, sizeof(int));
  std::printf("__syncthreads() through the CPU backend's scheduler, one block, %ld thread-barriers per size\n",
              total);
  for (int threads : {32, 256, 1024}) {
    int rounds = static_cast<int>(total / threads);
    barriers_only<<<1, threads>>>(rounds / 8, sink);  // warm-up
    cudaDeviceSynchronize();
    auto start = std::chrono::steady_clock::now();
    barriers_only<<<1, threads>>>(rounds, sink);
    cudaDeviceSynchronize();
    auto stop = std::chrono::steady_clock::now();
    double ns = std::chrono::duration<double, std::nano>(stop - start).count();
    std::printf("  %4d threads: %6.2f ns per thread per barrier (%s)\n", threads,
                ns / (static_cast<double>(rounds) * threads), cudaGetErrorString(cudaGetLastError()));
  }
  cudaFree(sink);
  return 0;
}
