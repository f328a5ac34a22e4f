#include "submission/kernel_source.h"

#include <gtest/gtest.h>

#include "submission/source_text.h"

namespace kit {
namespace {

// A transpose file: a naive kernel without shared memory beside a tiled one with it.
const char* kTranspose = R"(
#define TILE_DIM 32
// __shared__ in a comment declares nothing
__global__ void transposeNaive(float* odata, const float* idata, int rows, int cols) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  if (x < cols) { odata[x] = idata[x]; }
}
template <int T>
__global__ __launch_bounds__(256) void transposeTiled(float* odata, const float* idata) {
  __shared__ float tile[T][T + 1];
  tile[threadIdx.y][threadIdx.x] = idata[threadIdx.x];
  __syncthreads();
  odata[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float* o, const float* i) { transposeNaive<<<1, 32>>>(o, i, 1, 1); }
)";

TEST(KernelSource, NameOfARecordedKernel) {
  EXPECT_EQ(kernel_name_of("MatrixMulKernel(float const*, float const*, float*, int)"), "MatrixMulKernel");
  EXPECT_EQ(kernel_name_of("void transposeTiled<32>(float*, float const*)"), "transposeTiled");
  EXPECT_EQ(kernel_name_of("ns::copy(float*)"), "copy");
  EXPECT_EQ(kernel_name_of(""), "");
}

TEST(KernelSource, BodyOfAKernel) {
  const std::string code = code_without_comments_and_literals(kTranspose);
  const std::string_view naive = kernel_body(code, "transposeNaive");
  ASSERT_FALSE(naive.empty());
  EXPECT_EQ(naive.front(), '{');
  EXPECT_EQ(naive.back(), '}');
  EXPECT_NE(naive.find("odata[x] = idata[x]"), std::string_view::npos);
  EXPECT_NE(kernel_body(code, "transposeTiled").find("__syncthreads"), std::string_view::npos);
  EXPECT_TRUE(kernel_body(code, "launch").empty());  // a host function
  EXPECT_TRUE(kernel_body(code, "absent").empty());
}

TEST(KernelSource, SharedMemoryOfTheKernelsLaunched) {
  const std::string code = code_without_comments_and_literals(kTranspose);
  EXPECT_FALSE(kernels_may_use_shared_memory(code, {"transposeNaive"}));
  EXPECT_TRUE(kernels_may_use_shared_memory(code, {"transposeTiled"}));
  EXPECT_TRUE(kernels_may_use_shared_memory(code, {"transposeNaive", "transposeTiled"}));
  EXPECT_TRUE(kernels_may_use_shared_memory(code, {}));              // no launch known: the file's word
  EXPECT_TRUE(kernels_may_use_shared_memory(code, {"elsewhere"}));   // a body not found: no claim
  const std::string plain = code_without_comments_and_literals("__global__ void add(float* c) { c[0] = 1; }");
  EXPECT_FALSE(kernels_may_use_shared_memory(plain, {}));
  EXPECT_FALSE(kernels_may_use_shared_memory(plain, {"add"}));
}

// Shared memory in a __device__ function or at file scope may be reached by any kernel.
TEST(KernelSource, SharedMemoryOutsideEveryKernelCounts) {
  const std::string code = code_without_comments_and_literals(R"(
__device__ float sum(float v) { __shared__ float s[32]; s[threadIdx.x] = v; return s[0]; }
__global__ void k(float* o) { o[0] = sum(o[1]); }
)");
  EXPECT_TRUE(kernels_may_use_shared_memory(code, {"k"}));
}

}  // namespace
}  // namespace kit
