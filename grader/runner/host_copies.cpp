// Which host memory holds the harness's copies of the arena's arrays (runtime_record.h), for both
// backends' records.
#include <vector>

#include "runtime_record.h"

namespace kit {
namespace {

struct HostCopy {
  const unsigned char* host;
  std::size_t bytes;
  const unsigned char* device;
};

std::vector<HostCopy>& host_copies() {
  static std::vector<HostCopy> copies;
  return copies;
}

}  // namespace

void name_host_copy(const void* host, std::size_t bytes, const void* device_array) {
  host_copies().push_back(
      {static_cast<const unsigned char*>(host), bytes, static_cast<const unsigned char*>(device_array)});
}

void forget_host_copies() { host_copies().clear(); }

nlohmann::json host_arrays_call() {
  if (host_copies().empty()) return nullptr;
  return {{"type", "call"}, {"call", "host-arrays"}};
}

const ArenaArray* host_copy_at(const void* p, const RunnerCase& c, const unsigned char* base, std::size_t* offset) {
  const auto* at = static_cast<const unsigned char*>(p);
  for (const HostCopy& h : host_copies()) {
    if (at < h.host || at >= h.host + h.bytes) continue;
    for (const ArenaArray& a : c.arrays)
      if (h.device == base + a.offset) {
        if (offset) *offset = static_cast<std::size_t>(at - h.host);
        return &a;
      }
  }
  return nullptr;
}

}  // namespace kit
