// Atomic operations on global memory from many blocks at once: every count must be exact.
#include "conformance.h"

#include <algorithm>
#include <numeric>

namespace {

constexpr int BLOCKS = 64;
constexpr int THREADS = 256;
constexpr int TOTAL = BLOCKS * THREADS;

__device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

// A value per thread that is scrambled but known on the host: a permutation of 0..TOTAL-1.
__host__ __device__ int scrambled(int i) { return static_cast<int>((i * 7919LL) % TOTAL); }

__global__ void add_and_record(int* counter, int* old_values) { old_values[global_id()] = atomicAdd(counter, 1); }

TEST(Atomics, AddCountsEveryThreadAndReturnsDistinctOldValues) {
  DeviceBuffer<int> counter(std::vector<int>{0}), old(TOTAL);
  add_and_record<<<BLOCKS, THREADS>>>(counter.get(), old.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(counter.download()[0], TOTAL);
  std::vector<int> got = old.download();
  std::sort(got.begin(), got.end());
  for (int i = 0; i < TOTAL; ++i) ASSERT_EQ(got[i], i);
}

__global__ void subtract_three(int* value) { atomicSub(value, 3); }

TEST(Atomics, Sub) {
  DeviceBuffer<int> value(std::vector<int>{1000000});
  subtract_three<<<BLOCKS, THREADS>>>(value.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(value.download()[0], 1000000 - 3 * TOTAL);
}

__global__ void min_and_max(int* lowest, int* highest) {
  int v = scrambled(global_id()) - TOTAL / 2;
  atomicMin(lowest, v);
  atomicMax(highest, v);
}

TEST(Atomics, MinAndMax) {
  DeviceBuffer<int> lowest(std::vector<int>{0}), highest(std::vector<int>{0});
  min_and_max<<<BLOCKS, THREADS>>>(lowest.get(), highest.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(lowest.download()[0], -TOTAL / 2);
  EXPECT_EQ(highest.download()[0], TOTAL - 1 - TOTAL / 2);
}

// Every thread swaps its id into one slot: the values handed back, plus what is left in the slot,
// are the initial value and all ids, each exactly once.
__global__ void exchange_ids(int* slot, int* handed_back) { handed_back[global_id()] = atomicExch(slot, global_id()); }

TEST(Atomics, ExchHandsEveryValueBackOnce) {
  DeviceBuffer<int> slot(std::vector<int>{-1}), handed(TOTAL);
  exchange_ids<<<BLOCKS, THREADS>>>(slot.get(), handed.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> all = handed.download();
  all.push_back(slot.download()[0]);
  std::sort(all.begin(), all.end());
  for (int i = 0; i <= TOTAL; ++i) ASSERT_EQ(all[i], i - 1);
}

// atomicCAS as the building block of other atomics: an increment by compare-and-swap loop, and a
// slot that exactly one thread wins.
__global__ void cas_increment_and_claim(int* counter, int* owner, int* winners) {
  int seen = *(volatile int*)counter, assumed;
  do {
    assumed = seen;
    seen = atomicCAS(counter, assumed, assumed + 2);
  } while (seen != assumed);
  if (atomicCAS(owner, -1, global_id()) == -1) atomicAdd(winners, 1);
}

TEST(Atomics, CompareAndSwap) {
  DeviceBuffer<int> counter(std::vector<int>{0}), owner(std::vector<int>{-1}), winners(std::vector<int>{0});
  cas_increment_and_claim<<<BLOCKS, THREADS>>>(counter.get(), owner.get(), winners.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(counter.download()[0], 2 * TOTAL);
  EXPECT_EQ(winners.download()[0], 1);
  int who = owner.download()[0];
  EXPECT_GE(who, 0);
  EXPECT_LT(who, TOTAL);
}

// Sums of halves stay exact in float up to 2^24, whatever the order of the additions.
__global__ void add_halves(float* sum, float* per_block) {
  atomicAdd(sum, 0.5f);
  atomicAdd(&per_block[blockIdx.x], 0.25f);
}

TEST(Atomics, FloatAdd) {
  DeviceBuffer<float> sum(std::vector<float>{0.0f}), per_block(std::vector<float>(BLOCKS, 1.0f));
  add_halves<<<BLOCKS, THREADS>>>(sum.get(), per_block.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(sum.download()[0], 0.5f * TOTAL);
  for (float v : per_block.download()) EXPECT_EQ(v, 1.0f + 0.25f * THREADS);
}

// Atomics on shared memory, combined per block and then across blocks.
__global__ void histogram(const int* values, int n, int* bins) {
  __shared__ int local[8];
  if (threadIdx.x < 8) local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = global_id(); i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[values[i] % 8], 1);
  __syncthreads();
  if (threadIdx.x < 8) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

TEST(Atomics, SharedMemoryHistogram) {
  const int n = 100000;
  std::vector<int> values(n);
  std::vector<int> expected(8, 0);
  for (int i = 0; i < n; ++i) {
    values[i] = (i * 31 + i / 7) % 1000;
    ++expected[values[i] % 8];
  }
  DeviceBuffer<int> in(values), bins(std::vector<int>(8, 0));
  histogram<<<16, THREADS>>>(in.get(), n, bins.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(bins.download(), expected);
}

}  // namespace
