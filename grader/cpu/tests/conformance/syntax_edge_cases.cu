// Valid CUDA that a source rewriter can easily get wrong. On the CPU these tests are built at test
// time by run_cpu_program.cmake, as the grader builds a runner (outside CMake, from the flags the
// backend exports), so that a construct the backend does not handle fails its own test
// (kitcpu.conformance.syntax_edge_cases) rather than the whole build. On a GPU they are part of
// kitcpu_conformance_gpu like every other file here.
#include "conformance.h"

namespace {

template <typename T>
struct Box {
  T inner;
};

template <typename T>
__global__ void fill_boxes(T* out, T value) {
  out[threadIdx.x] = value;
}

// The template argument list closes with ">>" immediately before the "<<<", so ">>><<<" appears as
// one run of characters.
TEST(SyntaxEdgeCases, TemplateArgumentsClosingRightBeforeTheLaunch) {
  DeviceBuffer<Box<Box<int>>> out(4);
  fill_boxes<Box<Box<int>>><<<1, 4>>>(out.get(), Box<Box<int>>{{42}});
  ASSERT_TRUE(launched_and_finished());
  for (const Box<Box<int>>& b : out.download()) EXPECT_EQ(b.inner.inner, 42);
}

__device__ __noinline__ int not_inlined(int x) { return 3 * x; }

__global__ void call_not_inlined(int* out) { out[threadIdx.x] = not_inlined(threadIdx.x); }

TEST(SyntaxEdgeCases, NoinlineQualifier) {
  DeviceBuffer<int> out(8);
  call_not_inlined<<<1, 8>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(got[t], 3 * t);
}

}  // namespace
