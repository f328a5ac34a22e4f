// The copy and transposes of the shared-memory lecture, for the access flavour: a 32x32 tile per block
// of 32x8 threads, 4-byte floats. Each access line says, after "access:", what Nsight Compute counts
// for it per request (sectors for global memory; bank conflicts and wavefronts for shared memory) and,
// with every block recorded, how many requests a Width x Width matrix makes: checked by
// kitcpu_expect_access. Usage: transpose [Width] [--time [runs]]; Width a multiple of 32 (default 64).
// Prints a hash of every kernel's output, so that two builds can be compared, and exits 1 on a wrong
// result; --time runs each kernel `runs` times (default 1) and prints the median time on stderr.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void copy(float* odata, const float* idata) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = idata[(y + j) * width + x];  // access: load global sectors=4 requests=128; store global sectors=4 requests=128
}

__global__ void transpose_naive(float* odata, const float* idata) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[x * width + (y + j)] = idata[(y + j) * width + x];  // access: load global sectors=4 requests=128; store global sectors=32 requests=128
}

__global__ void transpose_shared(float* odata, const float* idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // access: load global sectors=4 requests=128; store shared conflicts=0 wavefronts=1 requests=128
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];  // access: load shared conflicts=31 wavefronts=32 requests=128; store global sectors=4 requests=128
}

__global__ void transpose_padded(float* odata, const float* idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // access: load global sectors=4; store shared conflicts=0 wavefronts=1
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];  // access: load shared conflicts=0 wavefronts=1 requests=128; store global sectors=4
}

// The padded tile in dynamic shared memory, indexed by hand.
__global__ void transpose_dynamic(float* odata, const float* idata) {
  extern __shared__ float flat[];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    flat[(threadIdx.y + j) * (TILE_DIM + 1) + threadIdx.x] = idata[(y + j) * width + x];  // access: load global sectors=4; store shared conflicts=0
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = flat[threadIdx.x * (TILE_DIM + 1) + threadIdx.y + j];  // access: load shared conflicts=0; store global sectors=4
}

// Every thread of a block reads the one word thread 0 wrote: a broadcast.
__global__ void broadcast_scale(float* out, const float* in) {
  __shared__ float factor;
  if (threadIdx.x == 0 && threadIdx.y == 0) factor = in[blockIdx.x];  // access: load global sectors=1 requests=4; store shared conflicts=0 wavefronts=1 requests=4
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x] = factor;  // access: load shared conflicts=0 wavefronts=1 requests=32; store global sectors=4 requests=32
}

namespace {

std::uint64_t fnv1a(const std::vector<float>& values) {
  std::uint64_t hash = 1469598103934665603ull;
  const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
  for (std::size_t i = 0; i < values.size() * sizeof(float); ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
  return hash;
}

}  // namespace

int main(int argc, char** argv) {
  int width = 64;
  int runs = 1;
  bool timed = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--time") == 0) {
      timed = true;
      if (i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    } else {
      width = std::atoi(argv[i]);
    }
  }
  if (width <= 0 || width % TILE_DIM != 0) return 2;
  const std::size_t n = std::size_t(width) * width;
  std::vector<float> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = float(int(i * 7919 % 1009) - 504) / 8.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);

  const dim3 grid(width / TILE_DIM, width / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
  int failures = 0;
  const auto check = [&](const char* name, bool transposed, double seconds) {
    cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int r = 0; r < width; ++r) {
      for (int c = 0; c < width; ++c) {
        const float expected = transposed ? in[std::size_t(c) * width + r] : in[std::size_t(r) * width + c];
        if (out[std::size_t(r) * width + c] != expected) ++wrong;
      }
    }
    failures += wrong != 0;
    std::printf("%s: %d wrong, output hash %016llx\n", name, wrong, static_cast<unsigned long long>(fnv1a(out)));
    if (timed) std::fprintf(stderr, "%s: %.6f s\n", name, seconds);
  };
  const auto run = [&](const char* name, bool transposed, auto launch) {
    std::vector<double> seconds;
    for (int r = 0; r < runs; ++r) {
      cudaMemset(d_out, 0, n * sizeof(float));
      const auto start = std::chrono::steady_clock::now();
      launch();
      cudaDeviceSynchronize();
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    check(name, transposed, seconds[seconds.size() / 2]);
  };
  run("copy", false, [&] { copy<<<grid, block>>>(d_out, d_in); });
  run("transpose_naive", true, [&] { transpose_naive<<<grid, block>>>(d_out, d_in); });
  run("transpose_shared", true, [&] { transpose_shared<<<grid, block>>>(d_out, d_in); });
  run("transpose_padded", true, [&] { transpose_padded<<<grid, block>>>(d_out, d_in); });
  run("transpose_dynamic", true, [&] {
    transpose_dynamic<<<grid, block, TILE_DIM * (TILE_DIM + 1) * sizeof(float)>>>(d_out, d_in);
  });

  // Four blocks of 32x8 threads, each scaling 256 elements by its own factor.
  cudaMemset(d_out, 0, n * sizeof(float));
  broadcast_scale<<<4, block>>>(d_out, d_in);
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 4 * 256; ++i) wrong += out[i] != in[i / 256];
  failures += wrong != 0;
  std::printf("broadcast_scale: %d wrong, output hash %016llx\n", wrong, static_cast<unsigned long long>(fnv1a(out)));

  cudaFree(d_in);
  cudaFree(d_out);
  return failures == 0 ? 0 : 1;
}
