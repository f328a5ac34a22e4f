// Function qualifiers and hints students meet in the course's kernels: __device__, __host__ __device__,
// __forceinline__, __launch_bounds__, __restrict__, #pragma unroll, and the math functions and min/max
// that device code calls. (__noinline__ is in syntax_edge_cases.cu.)
#include "conformance.h"

#include <cmath>

namespace {

__device__ __forceinline__ float square(float x) { return x * x; }

__device__ float cube(float x) { return x * x * x; }

__host__ __device__ int twice(int x) { return 2 * x; }

__device__ float add_both(float a, float b);  // declared before the kernel, defined after it

__global__ void __launch_bounds__(256) saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = add_both(a * x[i], y[i]);
}

__device__ float add_both(float a, float b) { return a + b; }

TEST(DeviceFunctions, RestrictAndLaunchBounds) {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  DeviceBuffer<float> dx(x), dy(y);
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx.get(), dy.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<float> got = dy.download();
  for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], 2.0f * i + 1.0f) << i;
}

__global__ void __launch_bounds__(128, 2) powers(const float* in, float* out, int* doubled) {
  int i = threadIdx.x;
  out[2 * i] = square(in[i]);
  out[2 * i + 1] = cube(in[i]);
  doubled[i] = twice(i);
}

TEST(DeviceFunctions, InlineHintsAndHostDeviceFunctions) {
  std::vector<float> in(128);
  for (int i = 0; i < 128; ++i) in[i] = static_cast<float>(i % 9) - 4;
  DeviceBuffer<float> din(in), dout(256);
  DeviceBuffer<int> ddoubled(128);
  powers<<<1, 128>>>(din.get(), dout.get(), ddoubled.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<float> got = dout.download();
  std::vector<int> doubled = ddoubled.download();
  for (int i = 0; i < 128; ++i) {
    EXPECT_EQ(got[2 * i], in[i] * in[i]);
    EXPECT_EQ(got[2 * i + 1], in[i] * in[i] * in[i]);
    EXPECT_EQ(doubled[i], twice(i));  // the same function, called on the host
  }
}

constexpr int TAPS = 4;

__global__ void moving_sum(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + TAPS > n) return;
  int sum = 0;
#pragma unroll
  for (int k = 0; k < TAPS; ++k) sum += in[i + k];
  out[i] = sum;
}

TEST(DeviceFunctions, PragmaUnroll) {
  const int n = 50;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = i * i;
  DeviceBuffer<int> din(in), dout(std::vector<int>(n, -1));
  moving_sum<<<1, 64>>>(din.get(), dout.get(), n);
  ASSERT_TRUE(launched_and_finished());
  std::vector<int> got = dout.download();
  for (int i = 0; i + TAPS <= n; ++i) EXPECT_EQ(got[i], in[i] + in[i + 1] + in[i + 2] + in[i + 3]);
}

// Results that are exact on every IEEE-754 machine, so they must agree bit for bit.
__global__ void math_functions(const float* in, float* out) {
  float v = in[threadIdx.x];
  float* o = out + 8 * threadIdx.x;
  o[0] = sqrtf(v * v);
  o[1] = fabsf(-v);
  o[2] = floorf(v + 0.5f);
  o[3] = ceilf(v - 0.5f);
  o[4] = fminf(v, 2.0f);
  o[5] = fmaxf(v, 2.0f);
  o[6] = static_cast<float>(min(static_cast<int>(v), 3));
  o[7] = static_cast<float>(max(static_cast<int>(v), 3));
}

TEST(DeviceFunctions, MathFunctionsAndMinMax) {
  std::vector<float> in = {0, 1, 2, 3, 4, 5, 6, 7};
  DeviceBuffer<float> din(in), dout(8 * 8);
  math_functions<<<1, 8>>>(din.get(), dout.get());
  ASSERT_TRUE(launched_and_finished());
  std::vector<float> got = dout.download();
  for (int t = 0; t < 8; ++t) {
    float v = in[t];
    const float* o = &got[8 * t];
    EXPECT_EQ(o[0], v);
    EXPECT_EQ(o[1], v);
    EXPECT_EQ(o[2], std::floor(v + 0.5f));
    EXPECT_EQ(o[3], std::ceil(v - 0.5f));
    EXPECT_EQ(o[4], std::fmin(v, 2.0f));
    EXPECT_EQ(o[5], std::fmax(v, 2.0f));
    EXPECT_EQ(o[6], static_cast<float>(std::min(static_cast<int>(v), 3)));
    EXPECT_EQ(o[7], static_cast<float>(std::max(static_cast<int>(v), 3)));
  }
}

}  // namespace
