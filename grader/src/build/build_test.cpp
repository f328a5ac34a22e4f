// Tests of build.cpp's reading of ptxas's resource report (the technique checks rely on it). Building runners
// needs compilers and is covered by the end-to-end tests.
#include "build/build.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kit {
namespace {

// What `nvcc -std=c++17 -c -arch=sm_90 --resource-usage` (CUDA 13.0) prints for a file with a templated tiled
// kernel and a plain naive one.
const char kCuda13Report[] =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z14MatrixMulTiledILi16EEvPKfS1_Pfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z14MatrixMulTiledILi16EEvPKfS1_Pfi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 32 registers, used 1 barriers, 2048 bytes smem\n"
    "ptxas info    : Compile time = 5.702 ms\n"
    "ptxas info    : Compiling entry function '_Z15MatrixMulKernelPKfS0_Pfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z15MatrixMulKernelPKfS0_Pfi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 32 registers, used 0 barriers\n"
    "ptxas info    : Compile time = 6.359 ms\n";

// The same in CUDA 12's wording: constant memory listed, barriers left out when there are none.
const char kCuda12Report[] =
    "matmul_tiled.cu(12): warning #177-D: variable \"unused\" was declared but never referenced\n"
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z14MatrixMulTiledILi32EEvPKfS1_Pfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z14MatrixMulTiledILi32EEvPKfS1_Pfi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 40 registers, used 1 barriers, 8192 bytes smem, 380 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function '_Z15MatrixMulKernelPKfS0_Pfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z15MatrixMulKernelPKfS0_Pfi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 26 registers, 380 bytes cmem[0]\n";

TEST(ResourceUsage, ReadsEveryKernelWithDemangledNames) {
  const std::vector<KernelResources> kernels = parse_resource_usage(kCuda13Report);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "void MatrixMulTiled<16>(float const*, float const*, float*, int)");
  EXPECT_EQ(kernels[0].registers, 32);
  EXPECT_EQ(kernels[0].barriers, 1);
  EXPECT_EQ(kernels[0].shared_bytes, 2048);
  EXPECT_EQ(kernels[1].name, "MatrixMulKernel(float const*, float const*, float*, int)");
  EXPECT_EQ(kernels[1].registers, 32);
  EXPECT_EQ(kernels[1].barriers, 0);
  EXPECT_EQ(kernels[1].shared_bytes, 0);
}

TEST(ResourceUsage, ReadsCuda12WordingAndKernelsWithoutSharedMemoryOrBarriers) {
  const std::vector<KernelResources> kernels = parse_resource_usage(kCuda12Report);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "void MatrixMulTiled<32>(float const*, float const*, float*, int)");
  EXPECT_EQ(kernels[0].registers, 40);
  EXPECT_EQ(kernels[0].barriers, 1);
  EXPECT_EQ(kernels[0].shared_bytes, 8192);
  EXPECT_EQ(kernels[1].name, "MatrixMulKernel(float const*, float const*, float*, int)");
  EXPECT_EQ(kernels[1].registers, 26);
  EXPECT_EQ(kernels[1].barriers, 0);
  EXPECT_EQ(kernels[1].shared_bytes, 0);
}

TEST(ResourceUsage, NameThatIsNotMangledIsKeptAsIs) {
  const std::vector<KernelResources> kernels = parse_resource_usage(
      "ptxas info    : Compiling entry function 'copy_kernel' for 'sm_90'\n"
      "ptxas info    : Used 8 registers, used 0 barriers, 512 bytes smem\n");
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "copy_kernel");
  EXPECT_EQ(kernels[0].shared_bytes, 512);
}

TEST(ResourceUsage, CompilerErrorsAreNoKernels) {
  EXPECT_TRUE(parse_resource_usage("").empty());
  EXPECT_TRUE(parse_resource_usage("matmul.cu(3): error: identifier \"Row\" is undefined\n"
                                   "1 error detected in the compilation of \"matmul.cu\".\n")
                  .empty());
}

}  // namespace
}  // namespace kit
