// __syncthreads: every write before the barrier, by any thread of the block, is visible to every
// thread of the block after it. The CPU suite runs in several thread orders to check that this holds
// whatever order the threads of a block happen to run in.
#include "conformance.h"

#include <numeric>

namespace {

constexpr int BLOCK = 256;

// The textbook's tree reduction: half the threads add pairs at each step, a barrier between steps.
__global__ void block_sums(const int* in, int* sums) {
  __shared__ int partial[BLOCK];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * blockDim.x + t];
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    __syncthreads();
    if (t < stride) partial[t] += partial[t + stride];
  }
  if (t == 0) sums[blockIdx.x] = partial[0];
}

TEST(Barriers, SharedMemoryReduction) {
  const int blocks = 24;
  std::vector<int> host(blocks * BLOCK);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<int>((i * 7919) % 1000) - 500;
  DeviceBuffer<int> in(host), sums(blocks);
  block_sums<<<blocks, BLOCK>>>(in.get(), sums.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = sums.download();
  for (int b = 0; b < blocks; ++b)
    EXPECT_EQ(got[b], std::accumulate(host.begin() + b * BLOCK, host.begin() + (b + 1) * BLOCK, 0)) << b;
}

// Each thread reads the value its right-hand neighbour wrote: wrong without the barrier in some
// thread orders, right with it in all of them.
__global__ void read_right_neighbour(const int* in, int* out, int n) {
  __shared__ int values[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  values[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  int right = threadIdx.x + 1 < blockDim.x ? values[threadIdx.x + 1] : -1;
  if (i < n) out[i] = right;
}

TEST(Barriers, NeighbourExchange) {
  const int n = 1000;  // not a multiple of the block: the last block is partial
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = 3 * i + 1;
  DeviceBuffer<int> in(host), out(n);
  read_right_neighbour<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in.get(), out.get(), n);
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int i = 0; i < n; ++i) {
    bool last_in_block = (i % BLOCK) == BLOCK - 1;
    int expected = last_in_block ? -1 : (i + 1 < n ? host[i + 1] : 0);
    ASSERT_EQ(got[i], expected) << i;
  }
}

// Tiled matrix multiplication: two barriers per phase, the second protecting the tile from being
// overwritten while other threads still read it. Small integers keep every product exact.
constexpr int TILE_WIDTH = 16;

__global__ void matmul_tiled(const float* M, const float* N, float* P, int Width) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = blockIdx.y * TILE_WIDTH + ty;
  int Col = blockIdx.x * TILE_WIDTH + tx;
  float Pvalue = 0;
  for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    int mcol = ph * TILE_WIDTH + tx, nrow = ph * TILE_WIDTH + ty;
    Mds[ty][tx] = (Row < Width && mcol < Width) ? M[Row * Width + mcol] : 0;
    Nds[ty][tx] = (nrow < Width && Col < Width) ? N[nrow * Width + Col] : 0;
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  if (Row < Width && Col < Width) P[Row * Width + Col] = Pvalue;
}

TEST(Barriers, TiledMatmulWithPartialTiles) {
  const int Width = 37;
  std::vector<float> M(Width * Width), N(Width * Width), expected(Width * Width, 0);
  for (int i = 0; i < Width * Width; ++i) {
    M[i] = static_cast<float>(i % 7 - 3);
    N[i] = static_cast<float>(i % 5 - 2);
  }
  for (int r = 0; r < Width; ++r)
    for (int c = 0; c < Width; ++c)
      for (int k = 0; k < Width; ++k) expected[r * Width + c] += M[r * Width + k] * N[k * Width + c];
  DeviceBuffer<float> dM(M), dN(N), dP(Width * Width);
  dim3 block(TILE_WIDTH, TILE_WIDTH);
  dim3 grid((Width + TILE_WIDTH - 1) / TILE_WIDTH, (Width + TILE_WIDTH - 1) / TILE_WIDTH);
  matmul_tiled<<<grid, block>>>(dM.get(), dN.get(), dP.get(), Width);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(dP.download(), expected);
}

// A barrier inside a __device__ function that every thread calls.
__device__ int exchange_with_mirror(int* scratch, int value) {
  scratch[threadIdx.x] = value;
  __syncthreads();
  int mirrored = scratch[blockDim.x - 1 - threadIdx.x];
  __syncthreads();
  return mirrored;
}

__global__ void mirror_twice(int* out) {
  __shared__ int scratch[64];
  int once = exchange_with_mirror(scratch, threadIdx.x * 10);
  int twice = exchange_with_mirror(scratch, once + 1);
  out[threadIdx.x] = twice;
}

TEST(Barriers, BarrierInDeviceFunction) {
  DeviceBuffer<int> out(64);
  mirror_twice<<<1, 64>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int t = 0; t < 64; ++t) EXPECT_EQ(got[t], t * 10 + 1) << t;
}

// Threads may leave once no barrier follows: the exited threads do not hold the others back.
__global__ void exit_after_last_barrier(int* out, int n) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  atomicAdd(&total, 1);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = total;
}

TEST(Barriers, ReturnAfterTheLastBarrier) {
  const int n = 100;
  DeviceBuffer<int> out(n);
  exit_after_last_barrier<<<2, 64>>>(out.get(), n);
  ASSERT_TRUE(launched_and_finished());
  for (int v : out.download()) EXPECT_EQ(v, 64);
}

}  // namespace
