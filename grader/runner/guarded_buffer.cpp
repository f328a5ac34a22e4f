#include "guarded_buffer.h"

#include <cstring>

#include <cuda_runtime.h>

#include "kit/poison.h"

namespace kit {
namespace {

std::string error_text(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return {};
  return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

}  // namespace

std::string allocate(GuardedBuffer& b) {
  const std::size_t total = b.spec.bytes() + 2 * b.guard_bytes;
  void* p = nullptr;
  if (auto e = error_text(cudaMalloc(&p, total > 0 ? total : 1), "cudaMalloc"); !e.empty()) return e;
  b.base = static_cast<unsigned char*>(p);
  b.data = b.base + b.guard_bytes;
  return error_text(cudaMemset(b.base, kGuardByte, total), "cudaMemset (guard zones)");
}

std::string release(GuardedBuffer& b) {
  if (!b.base) return {};
  std::string e = error_text(cudaFree(b.base), "cudaFree");
  b.base = nullptr;
  b.data = nullptr;
  return e;
}

std::string upload(GuardedBuffer& b, const std::vector<unsigned char>& bytes) {
  return error_text(cudaMemcpy(b.data, bytes.data(), bytes.size(), cudaMemcpyHostToDevice), "cudaMemcpy (inputs)");
}

std::string poison(GuardedBuffer& b, std::uint64_t seed) {
  HostArray pattern = make_array(b.spec);
  fill_poison(pattern, seed);
  return upload(b, pattern.bytes);
}

std::string download(const GuardedBuffer& b, std::vector<unsigned char>& bytes) {
  bytes.resize(b.spec.bytes());
  return error_text(cudaMemcpy(bytes.data(), b.data, bytes.size(), cudaMemcpyDeviceToHost), "cudaMemcpy (outputs)");
}

std::string check_guards(const GuardedBuffer& b, GuardDamage& damage) {
  damage = {};
  if (b.guard_bytes == 0) return {};
  std::vector<unsigned char> before(b.guard_bytes), after(b.guard_bytes);
  if (auto e = error_text(cudaMemcpy(before.data(), b.base, b.guard_bytes, cudaMemcpyDeviceToHost), "cudaMemcpy (guards)");
      !e.empty())
    return e;
  if (auto e = error_text(cudaMemcpy(after.data(), b.data + b.spec.bytes(), b.guard_bytes, cudaMemcpyDeviceToHost),
                          "cudaMemcpy (guards)");
      !e.empty())
    return e;
  bool seen_before = false, seen_after = false;
  for (std::size_t i = 0; i < b.guard_bytes; ++i) {
    if (before[i] != kGuardByte) {
      ++damage.bytes_before;
      if (!seen_before) damage.last_before_offset = b.guard_bytes - i;
      seen_before = true;
    }
    if (after[i] != kGuardByte) {
      if (!seen_after) damage.first_after_offset = i;
      seen_after = true;
      ++damage.bytes_after;
    }
  }
  return {};
}

}  // namespace kit
