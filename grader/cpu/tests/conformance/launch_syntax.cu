// The forms a kernel launch takes in students' code: templates, explicit or deduced; shifts and
// nested parentheses inside the <<< >>>; a launch spread over several lines; launches in if/else
// and loops; stream 0 given explicitly.
#include "conformance.h"

namespace {

template <typename T>
__global__ void fill(T* out, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

template <typename T>
struct Box {
  T inner;
};

TEST(Templates, ExplicitArgument) {
  DeviceBuffer<float> out(100);
  fill<float><<<2, 64>>>(out.get(), 2.5f, 100);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), std::vector<float>(100, 2.5f));
}

TEST(Templates, DeducedArgument) {
  DeviceBuffer<int> out(100);
  fill<<<2, 64>>>(out.get(), 7, 100);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), std::vector<int>(100, 7));
}

// A template argument that is itself a template instance (the case whose ">>" closes right before
// the "<<<" is in syntax_edge_cases.cu).
TEST(Templates, NestedTemplateArgument) {
  DeviceBuffer<Box<Box<int> > > out(4);
  fill<Box<Box<int> > ><<<1, 4>>>(out.get(), Box<Box<int> >{{42}}, 4);
  ASSERT_TRUE(launched_and_finished());
  for (const Box<Box<int> >& b : out.download()) EXPECT_EQ(b.inner.inner, 42);
}

// A non-type template parameter sizing a shared array, as TILE_WIDTH often is.
template <int TILE, typename T>
__global__ void reverse_tiles(T* data) {
  __shared__ T tile[TILE];
  int i = blockIdx.x * TILE + threadIdx.x;
  tile[threadIdx.x] = data[i];
  __syncthreads();
  data[i] = tile[TILE - 1 - threadIdx.x];
}

TEST(Templates, NonTypeArgument) {
  std::vector<int> host(64);
  for (int i = 0; i < 64; ++i) host[i] = i;
  DeviceBuffer<int> data(host);
  reverse_tiles<32, int><<<2, 32>>>(data.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = data.download();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], (i / 32) * 32 + 31 - i % 32);
}

__global__ void store_pair(int* out, int a, int b) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[0] = a;
    out[1] = b;
    out[2] = gridDim.x;
    out[3] = blockDim.x;
  }
}

int identity(int v) { return v; }

TEST(LaunchSyntax, ShiftsInsideConfigurationAndArguments) {
  const int n = 1000;
  DeviceBuffer<int> out(4);
  store_pair<<<(n + 255) >> 8, 1 << 7>>>(out.get(), n >> 1, (n << 1) >> 3);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{500, 250, 4, 128}));
}

TEST(LaunchSyntax, NestedParentheses) {
  const int n = 40, m = 20;
  DeviceBuffer<int> out(4);
  store_pair<<<dim3(((n + 15) / 16), (m + 15) / 16), dim3((16), identity(2))>>>(
      (out.get()), identity(identity((n))), ((m) * (2)));
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{40, 40, 3, 16}));
}

// __LINE__ after the launch must still be right: the rewritten source keeps every line in place.
TEST(LaunchSyntax, LaunchOverSeveralLines) {
  DeviceBuffer<int> out(4);
  const int before = __LINE__;
  store_pair<<<3,
               32,
               0,
               0>>>(out.get(),
                    11,
                    12);
  const int after = __LINE__;
  EXPECT_EQ(after, before + 7);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{11, 12, 3, 32}));
}

__global__ void record_line(int* out) { *out = __LINE__; }
constexpr int RECORD_LINE = __LINE__ - 1;

TEST(LaunchSyntax, KernelBodyKeepsItsLineNumbers) {
  DeviceBuffer<int> out(1);
  record_line<<<1, 1>>>(out.get());
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download()[0], RECORD_LINE);
}

TEST(LaunchSyntax, LaunchesAsStatementsOfIfElseAndLoops) {
  DeviceBuffer<int> out(4);
  for (int round = 0; round < 3; ++round)
    if (round % 2 == 0)
      store_pair<<<1, 8>>>(out.get(), round, 1);
    else
      store_pair<<<2, 8>>>(out.get(), round, 2);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{2, 1, 1, 8}));
}

TEST(LaunchSyntax, LaunchInsideLambda) {
  DeviceBuffer<int> out(4);
  auto launch = [&](int a) { store_pair<<<1, 16>>>(out.get(), a, a + 1); };
  launch(5);
  ASSERT_TRUE(launched_and_finished());
  EXPECT_EQ(out.download(), (std::vector<int>{5, 6, 1, 16}));
}

TEST(LaunchSyntax, StreamZeroGivenExplicitly) {
  DeviceBuffer<int> out(4);
  cudaStream_t stream = 0;
  store_pair<<<1, 32, 0, stream>>>(out.get(), 1, 2);
  CUDA_ASSERT(cudaStreamSynchronize(stream));
  EXPECT_EQ(out.download(), (std::vector<int>{1, 2, 1, 32}));
}

// Arguments are copied when the kernel is launched: changing the host variables afterwards does
// not change what the kernel sees.
struct Params {
  int scale;
  int offset;
};

__global__ void apply(int* out, Params p, int extra) { out[threadIdx.x] = threadIdx.x * p.scale + p.offset + extra; }

TEST(LaunchSyntax, ArgumentsAreCopiedAtLaunch) {
  DeviceBuffer<int> out(8);
  Params p{3, 100};
  int extra = 1;
  apply<<<1, 8>>>(out.get(), p, extra);
  p.scale = -1;
  p.offset = -1;
  extra = -1;
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = out.download();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(got[t], t * 3 + 101);
}

}  // namespace
