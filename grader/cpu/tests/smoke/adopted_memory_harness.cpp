// Adopts memory it mapped itself (a memfd, mapped twice: one mapping handed to the student's code as
// device memory, the other kept as the harness's own view, as the grader keeps the memfd it shares),
// then calls the student's functions. Usage: adopted_memory gpu|host|release
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>
#include <kitcpu/device_memory.h>

void scale_on_gpu(const float* in, float* out, int n);
void scale_on_host(const float* in, float* out, int n);

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "gpu";
  const int n = 3000;
  const std::size_t bytes = 2 * 16384;  // inputs in the first half, outputs in the second
  const int fd = memfd_create("adopted", 0);
  if (fd < 0 || ftruncate(fd, bytes) != 0) return 2;
  void* device = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  auto* own = static_cast<float*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  if (device == MAP_FAILED || own == MAP_FAILED) return 2;
  for (int i = 0; i < n; ++i) own[i] = 1.5f;

  auto* in = static_cast<float*>(device);
  float* out = in + bytes / 2 / sizeof(float);
  check(kitcpu::adopt_device_memory(in, bytes / 2) == 0, "the first region adopted is region 0");
  check(kitcpu::adopt_device_memory(out, bytes / 2) == 1, "the second region adopted is region 1");
  check(kitcpu::adopt_device_memory(out, 4096) == -1, "memory adopted twice is refused");
  check(kitcpu::adopt_device_memory(in + 1, 4096) == -1, "an unaligned region is refused");
  check(cudaFree(in) == cudaErrorInvalidValue, "cudaFree of adopted memory fails");
  cudaGetLastError();

  if (std::strcmp(mode, "host") == 0) scale_on_host(in, out, n);
  scale_on_gpu(in, out, n);
  check(cudaGetLastError() == cudaSuccess, "the launch succeeds");
  int wrong = 0;
  const float* results = own + bytes / 2 / sizeof(float);
  for (int i = 0; i < n; ++i) wrong += results[i] != 3.0f;
  check(wrong == 0, "the kernel wrote every output");

  // The runtime's copies count adopted memory as device memory, in both directions.
  float first = 0;
  check(cudaMemcpy(&first, out, sizeof first, cudaMemcpyDeviceToHost) == cudaSuccess && first == 3.0f,
        "cudaMemcpy device-to-host from adopted memory");
  const float seven = 7.0f;
  check(cudaMemcpy(out, &seven, sizeof seven, cudaMemcpyHostToDevice) == cudaSuccess && results[0] == 7.0f,
        "cudaMemcpy host-to-device into adopted memory");
  check(cudaMemcpy(out, in, 64, cudaMemcpyDeviceToDevice) == cudaSuccess && results[0] == 1.5f,
        "cudaMemcpy device-to-device between adopted regions");
  check(cudaMemcpy(&first, &seven, sizeof first, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue,
        "device-to-host from host memory is refused, as on a GPU");
  cudaGetLastError();
  check(cudaMemcpy(out, in, bytes, cudaMemcpyDeviceToDevice) == cudaErrorInvalidValue,
        "a copy past the end of a region is refused");
  cudaGetLastError();

  if (std::strcmp(mode, "release") == 0) {
    check(kitcpu::release_device_memory(out), "release_device_memory");
    check(!kitcpu::release_device_memory(out), "releasing twice fails");
    out[1] = 5.0f;  // host memory again
    check(results[1] == 5.0f, "released memory is the harness's again");
  }
  std::printf("%d failed check(s)\n", failures);
  return failures == 0 ? 0 : 1;
}
