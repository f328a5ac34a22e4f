#include "checks/technique_kinds.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

KernelResources kernel(const char* name, int shared_bytes, int barriers) {
  KernelResources k;
  k.name = name;
  k.shared_bytes = shared_bytes;
  k.barriers = barriers;
  return k;
}

TEST(SharedMemoryFailure, SharedMemoryWithoutABarrierIsSaidSoNotThatThereIsNone) {
  // A tile behind __syncwarp: ptxas reports the shared memory and no barrier.
  EXPECT_EQ(shared_memory_failure({kernel("BlockTranspose(float*, int, int)", 1024, 0)}, false),
            "BlockTranspose(float*, int, int) uses 1024 bytes of shared memory but no barrier: the threads of a block "
            "that share a tile wait for each other at __syncthreads() between its stores and its reads (__syncwarp() "
            "orders one warp only, and is no barrier of the block)");
  EXPECT_EQ(shared_memory_failure({kernel("k(float*)", 0, 0)}, true).rfind("k(float*) uses dynamic shared memory but no barrier", 0),
            0u);
}

TEST(SharedMemoryFailure, ABarrierWithoutSharedMemoryAndNeither) {
  EXPECT_EQ(shared_memory_failure({kernel("k(float*)", 0, 1)}, false),
            "k(float*) has 1 barrier but no shared memory: nothing is staged in a tile for the block to share");
  EXPECT_EQ(shared_memory_failure({kernel("k(float*)", 0, 0)}, false),
            "no shared memory: no kernel stages tiles in shared memory behind a barrier");
  EXPECT_EQ(shared_memory_failure({}, false), "no shared memory: no kernel stages tiles in shared memory behind a barrier");
}

}  // namespace
}  // namespace kit
