// threadIdx, blockIdx, blockDim and gridDim in 1D, 2D and 3D grids, and dim3's defaults.
#include "conformance.h"

#include <set>
#include <tuple>

namespace {

// What one CUDA thread saw of its own coordinates.
struct Seen {
  unsigned tx, ty, tz, bx, by, bz;
  unsigned bdx, bdy, bdz, gdx, gdy, gdz;
};

// Every thread writes what it sees at its global linear index.
__global__ void record_coordinates(Seen* out) {
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned i = block * (blockDim.x * blockDim.y * blockDim.z) + thread;
  out[i] = Seen{threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z,
                blockDim.x,  blockDim.y,  blockDim.z,  gridDim.x,  gridDim.y,  gridDim.z};
}

// Runs record_coordinates on grid x block and checks that each (block, thread) pair ran exactly
// once, at the index it should, with the launch's dimensions.
void check_grid(dim3 grid, dim3 block) {
  std::size_t threads = std::size_t(grid.x) * grid.y * grid.z * block.x * block.y * block.z;
  DeviceBuffer<Seen> out(threads);
  CUDA_ASSERT(cudaMemset(out.get(), 0xff, threads * sizeof(Seen)));
  record_coordinates<<<grid, block>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<Seen> seen = out.download();
  std::set<std::tuple<unsigned, unsigned, unsigned, unsigned, unsigned, unsigned>> distinct;
  std::size_t i = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++i) {
              const Seen& s = seen[i];
              ASSERT_EQ(std::make_tuple(s.tx, s.ty, s.tz), std::make_tuple(tx, ty, tz)) << "index " << i;
              ASSERT_EQ(std::make_tuple(s.bx, s.by, s.bz), std::make_tuple(bx, by, bz)) << "index " << i;
              ASSERT_EQ(std::make_tuple(s.bdx, s.bdy, s.bdz), std::make_tuple(block.x, block.y, block.z));
              ASSERT_EQ(std::make_tuple(s.gdx, s.gdy, s.gdz), std::make_tuple(grid.x, grid.y, grid.z));
              distinct.insert(std::make_tuple(s.tx, s.ty, s.tz, s.bx, s.by, s.bz));
            }
  EXPECT_EQ(distinct.size(), threads);
}

TEST(Indexing, OneDimensionalGrid) { check_grid(dim3(5), dim3(96)); }

TEST(Indexing, TwoDimensionalGrid) { check_grid(dim3(3, 4), dim3(8, 6)); }

TEST(Indexing, ThreeDimensionalGrid) { check_grid(dim3(3, 2, 2), dim3(4, 3, 5)); }

TEST(Indexing, FullSizeBlock) { check_grid(dim3(2), dim3(1024)); }

TEST(Indexing, Dim3DefaultsToOne) {
  dim3 none;
  dim3 one(7);
  dim3 two(7, 3);
  EXPECT_EQ(none.x, 1u);
  EXPECT_EQ(none.y, 1u);
  EXPECT_EQ(none.z, 1u);
  EXPECT_EQ(one.x, 7u);
  EXPECT_EQ(one.y, 1u);
  EXPECT_EQ(one.z, 1u);
  EXPECT_EQ(two.x, 7u);
  EXPECT_EQ(two.y, 3u);
  EXPECT_EQ(two.z, 1u);
}

// Integers in the launch configuration are grids and blocks with y = z = 1.
TEST(Indexing, IntegerConfigurationIsOneDimensional) {
  DeviceBuffer<Seen> out(2 * 32);
  record_coordinates<<<2, 32>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  for (const Seen& s : out.download()) {
    EXPECT_EQ(s.bdy, 1u);
    EXPECT_EQ(s.bdz, 1u);
    EXPECT_EQ(s.gdy, 1u);
    EXPECT_EQ(s.gdz, 1u);
  }
}

// threadIdx.x is unsigned: threadIdx.x - 1 wraps around in thread 0 (a classic source of bugs in
// neighbour accesses such as "if (threadIdx.x - 1 >= 0)").
__global__ void wraps_below_zero(int* out) { out[threadIdx.x] = threadIdx.x - 1 > threadIdx.x ? 1 : 0; }

TEST(Indexing, BuiltinCoordinatesAreUnsigned) {
  DeviceBuffer<int> out(4);
  wraps_below_zero<<<1, 4>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{1, 0, 0, 0}));
}

}  // namespace
