// Warp-level primitives: a warp is 32 consecutive linear thread ids of a block, and each primitive
// exchanges values among the lanes its mask names. The expected values are worked out by hand in the
// comments, from the CUDA programming guide's definitions (width splits the warp into segments).
#include "conformance.h"

namespace {

constexpr unsigned FULL = 0xffffffffu;

// Sum of each warp by halving shuffles: warp 0 holds 1..32 (528), warp 1 holds 33..64 (1552).
__global__ void warp_sums(int* sums) {
  int v = threadIdx.x + 1;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(FULL, v, offset);
  if (threadIdx.x % warpSize == 0) sums[threadIdx.x / warpSize] = v;
}

TEST(WarpPrimitives, ShuffleDownReduction) {
  DeviceBuffer<int> sums(2);
  warp_sums<<<1, 64>>>(sums.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(sums.download(), (std::vector<int>{528, 1552}));
}

// Lanes 0, 3, ..., 30 vote yes: bits 0,3,...,30 = 0x49249249, 11 of them; the all/any votes below are
// fixed by which lanes satisfy the predicate.
__global__ void votes(unsigned* out) {
  unsigned lane = threadIdx.x;
  unsigned ballot = __ballot_sync(FULL, lane % 3 == 0);
  int all_in_warp = __all_sync(FULL, lane < 32);
  int all_but_five = __all_sync(FULL, lane != 5);
  int any_five = __any_sync(FULL, lane == 5);
  int any_past = __any_sync(FULL, lane > 40);
  if (lane == 7) {
    out[0] = ballot;
    out[1] = __popc(ballot);
    out[2] = all_in_warp;
    out[3] = all_but_five;
    out[4] = any_five;
    out[5] = any_past;
    out[6] = __activemask();
  }
}

TEST(WarpPrimitives, BallotAndVotes) {
  DeviceBuffer<unsigned> out(7);
  votes<<<1, 32>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<unsigned>{0x49249249u, 11, 1, 0, 1, 0, FULL}));
}

// A butterfly: after the xor steps every lane holds 0 + 1 + ... + 31 = 496, in float and in double.
__global__ void butterfly(float* f, double* d) {
  float fv = threadIdx.x % warpSize;
  double dv = threadIdx.x % warpSize;
  for (int m = 16; m > 0; m /= 2) {
    fv += __shfl_xor_sync(FULL, fv, m);
    dv += __shfl_xor_sync(FULL, dv, m);
  }
  f[threadIdx.x] = fv;
  d[threadIdx.x] = dv;
}

TEST(WarpPrimitives, XorButterfly) {
  DeviceBuffer<float> f(64);
  DeviceBuffer<double> d(64);
  butterfly<<<1, 64>>>(f.get(), d.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(f.download(), std::vector<float>(64, 496.0f));
  EXPECT_EQ(d.download(), std::vector<double>(64, 496.0));
}

// The warp-synchronous tail of a reduction: shared memory, a __syncwarp() between the steps. The
// threads that add never write what another reads in the same step, so the result is 1 + ... + 32.
__global__ void warp_shared_sum(int* out) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  s[t] = t + 1;
  __syncwarp();
  for (unsigned offset = 16; offset > 0; offset /= 2) {
    if (t < offset) s[t] += s[t + offset];
    __syncwarp();
  }
  if (t == 0) out[0] = s[0];
}

TEST(WarpPrimitives, SyncwarpSharedReduction) {
  DeviceBuffer<int> out(1);
  warp_shared_sum<<<1, 32>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), std::vector<int>{528});
}

// width 8 and 16, on v = 10 * lane:
//   idx 0, width 8       lane l reads lane l & ~7
//   down 2, width 8      l + 2 while still in l's segment of 8 (l % 8 < 6), else its own value
//   up 1, width 16       l - 1 unless l starts a segment of 16
//   xor 8, width 8       l ^ 8 is in the segment before l's for l % 16 >= 8 (allowed), after it for the
//                        others (their own value)
__global__ void segments(int* out) {
  int lane = threadIdx.x;
  int v = 10 * lane;
  out[lane] = __shfl_sync(FULL, v, 0, 8);
  out[32 + lane] = __shfl_down_sync(FULL, v, 2, 8);
  out[64 + lane] = __shfl_up_sync(FULL, v, 1, 16);
  out[96 + lane] = __shfl_xor_sync(FULL, v, 8, 8);
}

TEST(WarpPrimitives, WidthBelowWarp) {
  DeviceBuffer<int> out(128);
  segments<<<1, 32>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(got[l], 10 * (l & ~7)) << l;
    EXPECT_EQ(got[32 + l], l % 8 < 6 ? 10 * (l + 2) : 10 * l) << l;
    EXPECT_EQ(got[64 + l], l % 16 >= 1 ? 10 * (l - 1) : 10 * l) << l;
    EXPECT_EQ(got[96 + l], l % 16 >= 8 ? 10 * (l ^ 8) : 10 * l) << l;
  }
}

// A 2-D block of 8 x 8: a warp is four rows (linear id ty * 8 + tx), so lane 0 of each warp is the
// thread (0, 4w). A block of 48 threads: its second warp has 16 lanes, the ones a ballot can name.
__global__ void two_dimensional(int* first) {
  int linear = threadIdx.y * blockDim.x + threadIdx.x;
  first[linear] = __shfl_sync(FULL, linear, 0);
}

__global__ void partial_warp(unsigned* ballots) {
  unsigned b = __ballot_sync(FULL, 1);
  if (threadIdx.x % 32 == 0) ballots[threadIdx.x / 32] = b;
}

TEST(WarpPrimitives, WarpsOfLinearIds) {
  DeviceBuffer<int> first(64);
  DeviceBuffer<unsigned> ballots(2);
  two_dimensional<<<1, dim3(8, 8)>>>(first.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = first.download();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], i / 32 * 32) << i;
  partial_warp<<<1, 48>>>(ballots.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(ballots.download(), (std::vector<unsigned>{FULL, 0x0000ffffu}));
}

}  // namespace
