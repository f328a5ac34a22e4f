// The runtime API and the device features the kit's assignments use, each checked against what CUDA
// does. Prints one line per failed check; exits 0 when all pass.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>

static int failures = 0;
#define CHECK(condition)                                                \
  do {                                                                  \
    if (!(condition)) {                                                 \
      std::printf("FAILED line %d: %s\n", __LINE__, #condition);        \
      ++failures;                                                       \
    }                                                                   \
  } while (0)

__constant__ float kScale[4];
__device__ int device_counter;

extern __shared__ float dynamic_at_namespace_scope[];

__global__ void scale(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * kScale[i % 4];
}

__global__ void count_atomically(int* total, unsigned* maximum, float* float_total) {
  atomicAdd(total, 1);
  atomicMax(maximum, blockIdx.x * blockDim.x + threadIdx.x);
  atomicAdd(float_total, 0.5f);
  atomicAdd(&device_counter, 2);
}

// Reverses each block's slice through dynamic shared memory declared inside the kernel.
__global__ void reverse_in_block(const int* in, int* out) {
  extern __shared__ int slice[];
  int t = threadIdx.x, base = blockIdx.x * blockDim.x;
  slice[t] = in[base + t];
  __syncthreads();
  out[base + t] = slice[blockDim.x - 1 - t];
}

// The same through the namespace-scope declaration, as float.
__global__ void reverse_float(const float* in, float* out) {
  int t = threadIdx.x;
  dynamic_at_namespace_scope[t] = in[t];
  __syncthreads();
  out[t] = dynamic_at_namespace_scope[blockDim.x - 1 - t];
}

__global__ void count_and_vote(const int* flags, int* results) {
  int t = threadIdx.x;
  int count = __syncthreads_count(flags[t]);
  int all = __syncthreads_and(flags[t]);
  int any = __syncthreads_or(flags[t]);
  if (t == 0) {
    results[0] = count;
    results[1] = all;
    results[2] = any;
  }
}

// A __shared__ array in a __device__ function: one per block, shared by every thread that calls it.
__device__ int block_total(int value) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  atomicAdd(&total, value);
  __syncthreads();
  return total;
}

__global__ void totals(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = block_total(threadIdx.x); }

template <class T, int Factor>
__global__ void multiply(T* data) {
  data[threadIdx.x] *= Factor;
}

__global__ void indices(uint3* out) {
  int linear = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x * blockDim.y +
               threadIdx.y * blockDim.x + threadIdx.x;
  out[linear] = make_uint3(threadIdx.x + 10 * threadIdx.y, blockIdx.x + 10 * blockIdx.y,
                           blockDim.x * 100 + gridDim.y);
}

__global__ void math(float* out) {
  out[0] = sqrtf(16.0f) + rsqrtf(4.0f) + __fdividef(1.0f, 4.0f);
  out[1] = fminf(2.0f, 3.0f) + fmaxf(2.0f, 3.0f) + fabsf(-1.0f) + ceilf(0.5f) + floorf(0.5f);
  out[2] = static_cast<float>(min(3, 4) + max(3u, 4u) + min(2.5f, 1.5f));
  out[3] = expf(0.0f) + __expf(0.0f) + __int_as_float(__float_as_int(2.0f));
}

__global__ void never_runs(int* flag) { *flag = 1; }

int main() {
  // Device.
  int count = 0;
  CHECK(cudaGetDeviceCount(&count) == cudaSuccess && count == 1);
  CHECK(cudaSetDevice(0) == cudaSuccess);
  CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  CHECK(std::strcmp(prop.name, "kit CPU backend (virtual device)") == 0);
  CHECK(prop.maxThreadsPerBlock == 1024 && prop.warpSize == 32 && prop.sharedMemPerBlock == 48 * 1024);
  CHECK(prop.maxThreadsDim[2] == 64 && prop.maxGridSize[0] == 2147483647 && prop.maxGridSize[1] == 65535);
  int value = 0;
  CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlock, 0) == cudaSuccess && value == 49152);
  CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess && value == prop.major);
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 256, 0) == cudaSuccess && blocks == 8);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 256, 40 * 1024) == cudaSuccess && blocks == 4);

  // Errors.
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument") == 0);
  CHECK(std::strcmp(cudaGetErrorName(cudaErrorMemoryAllocation), "cudaErrorMemoryAllocation") == 0);
  CHECK(std::strcmp(cudaGetErrorString(static_cast<cudaError_t>(12345)), "unrecognized error code") == 0);
  CHECK(cudaGetLastError() == cudaSuccess);

  // Memory and __constant__.
  const int n = 1000;
  float host[n], result[n];
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)) == cudaSuccess);
  CHECK(cudaMalloc(&d_out, n * sizeof(float)) == cudaSuccess);
  CHECK(reinterpret_cast<size_t>(d_in) % 256 == 0);
  void* huge = nullptr;
  CHECK(cudaMalloc(&huge, size_t(1) << 40) == cudaErrorMemoryAllocation && huge == nullptr);
  CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
  CHECK(cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy(d_in, host, sizeof host, static_cast<cudaMemcpyKind>(7)) == cudaErrorInvalidMemcpyDirection);
  const float scales[4] = {1, 2, 3, 4};
  CHECK(cudaMemcpyToSymbol(kScale, scales, sizeof scales) == cudaSuccess);
  CHECK(cudaMemcpyToSymbol(kScale, scales, sizeof scales, 4) == cudaErrorInvalidValue);
  cudaGetLastError();
  scale<<<(n + 255) / 256, 256>>>(d_in, d_out, n);
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(cudaMemcpy(result, d_out, sizeof result, cudaMemcpyDeviceToHost) == cudaSuccess);
  bool scaled = true;
  for (int i = 0; i < n; ++i) scaled = scaled && result[i] == host[i] * scales[i % 4];
  CHECK(scaled);
  int not_allocated = 0;
  CHECK(cudaFree(&not_allocated) == cudaErrorInvalidValue);
  cudaGetLastError();

  // An invalid configuration: not run, a non-sticky error, later launches unaffected.
  int* d_flag;
  cudaMalloc(&d_flag, sizeof(int));
  cudaMemset(d_flag, 0, sizeof(int));
  never_runs<<<1, 2048>>>(d_flag);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaSuccess);
  never_runs<<<0, 32>>>(d_flag);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  never_runs<<<1, 32, 64 * 1024>>>(d_flag);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  int flag = -1;
  cudaMemcpy(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost);
  CHECK(flag == 0);

  // Atomics across blocks (which run on different workers).
  int* d_total;
  unsigned* d_maximum;
  float* d_float_total;
  cudaMalloc(&d_total, sizeof(int));
  cudaMalloc(&d_maximum, sizeof(unsigned));
  cudaMalloc(&d_float_total, sizeof(float));
  cudaMemset(d_total, 0, sizeof(int));
  cudaMemset(d_maximum, 0, sizeof(unsigned));
  cudaMemset(d_float_total, 0, sizeof(float));
  const int zero = 0;
  cudaMemcpyToSymbol(device_counter, &zero, sizeof zero);
  count_atomically<<<64, 128>>>(d_total, d_maximum, d_float_total);
  int total = 0, counter = 0;
  unsigned maximum = 0;
  float float_total = 0;
  cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost);
  cudaMemcpy(&maximum, d_maximum, sizeof maximum, cudaMemcpyDeviceToHost);
  cudaMemcpy(&float_total, d_float_total, sizeof float_total, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&counter, device_counter, sizeof counter);
  void* counter_address = nullptr;
  size_t counter_size = 0;
  CHECK(cudaGetSymbolAddress(&counter_address, device_counter) == cudaSuccess && counter_address != nullptr);
  CHECK(cudaGetSymbolSize(&counter_size, device_counter) == cudaSuccess && counter_size == sizeof(int));
  CHECK(total == 64 * 128);
  CHECK(maximum == 64 * 128 - 1);
  CHECK(float_total == 64 * 128 * 0.5f);
  CHECK(counter == 2 * 64 * 128);

  // Dynamic shared memory, inside the kernel and at namespace scope.
  int ints[256], reversed[256];
  for (int i = 0; i < 256; ++i) ints[i] = i;
  int *d_ints, *d_reversed;
  cudaMalloc(&d_ints, sizeof ints);
  cudaMalloc(&d_reversed, sizeof reversed);
  cudaMemcpy(d_ints, ints, sizeof ints, cudaMemcpyHostToDevice);
  reverse_in_block<<<4, 64, 64 * sizeof(int)>>>(d_ints, d_reversed);
  cudaMemcpy(reversed, d_reversed, sizeof reversed, cudaMemcpyDeviceToHost);
  CHECK(reversed[0] == 63 && reversed[63] == 0 && reversed[64] == 127 && reversed[255] == 192);
  reverse_float<<<1, 100, 100 * sizeof(float)>>>(d_in, d_out);
  cudaMemcpy(result, d_out, 100 * sizeof(float), cudaMemcpyDeviceToHost);
  CHECK(result[0] == 99.0f && result[99] == 0.0f);

  // Barrier reductions, __shared__ in a __device__ function, a templated kernel, the index variables.
  int flags[64], results[3];
  for (int i = 0; i < 64; ++i) flags[i] = i % 3 == 0;
  int *d_flags, *d_results;
  cudaMalloc(&d_flags, sizeof flags);
  cudaMalloc(&d_results, sizeof results);
  cudaMemcpy(d_flags, flags, sizeof flags, cudaMemcpyHostToDevice);
  count_and_vote<<<1, 64>>>(d_flags, d_results);
  cudaMemcpy(results, d_results, sizeof results, cudaMemcpyDeviceToHost);
  CHECK(results[0] == 22 && results[1] == 0 && results[2] == 1);
  totals<<<2, 64>>>(d_ints);
  cudaMemcpy(ints, d_ints, sizeof(int) * 128, cudaMemcpyDeviceToHost);
  CHECK(ints[0] == 64 * 63 / 2 && ints[127] == 64 * 63 / 2);
  multiply<int, 3><<<1, 64>>>(d_ints);
  cudaMemcpy(ints, d_ints, sizeof(int) * 64, cudaMemcpyDeviceToHost);
  CHECK(ints[5] == 3 * 64 * 63 / 2);
  uint3* d_indices;
  cudaMalloc(&d_indices, 2 * 3 * 4 * 2 * sizeof(uint3));
  indices<<<dim3(2, 3), dim3(4, 2)>>>(d_indices);
  uint3 last;
  cudaMemcpy(&last, d_indices + 47, sizeof last, cudaMemcpyDeviceToHost);
  CHECK(last.x == 3 + 10 * 1 && last.y == 1 + 10 * 2 && last.z == 403);

  float m[4];
  math<<<1, 1>>>(d_out);
  cudaMemcpy(m, d_out, sizeof m, cudaMemcpyDeviceToHost);
  CHECK(m[0] == 4.75f && m[1] == 7.0f && m[2] == 8.5f && m[3] == 4.0f);

  // Events measure host time.
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess);
  float ms = -1;
  CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  cudaEventRecord(start);
  scale<<<4, 256>>>(d_in, d_out, n);
  cudaEventRecord(stop);
  CHECK(cudaEventSynchronize(stop) == cudaSuccess);
  CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess && ms >= 0);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);

  std::printf("%d failed check(s)\n", failures);
  return failures == 0 ? 0 : 1;
}
