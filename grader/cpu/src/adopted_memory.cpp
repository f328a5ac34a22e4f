// kitcpu/device_memory.h: the runner's own memory as device memory.
#include <kitcpu/device_memory.h>

#include <cstring>

#include "call_record.h"
#include "device_array_names.h"
#include "device_memory.h"

namespace kitcpu {
namespace {

void note(const char* name, int region, std::size_t bytes, bool ok, const void* caller) {
  if (!detail::recording_calls()) return;
  RuntimeCall call;
  call.call = name;
  call.region = region;
  call.bytes = bytes;
  detail::record_call(std::move(call), ok ? cudaSuccess : cudaErrorInvalidValue, caller);
}

}  // namespace

int adopt_device_memory(void* base, std::size_t bytes) {
  const int id = detail::adopt_region(base, bytes);
  note("adopt_device_memory", id, bytes, id >= 0, __builtin_return_address(0));
  return id;
}

void restart_allocation_numbers() { detail::restart_allocation_numbers(); }

bool release_device_memory(void* base) {
  const std::optional<detail::Region> region = detail::find_region(base);
  const bool released = detail::release_adopted_region(base);
  if (released) detail::forget_named_arrays(region->begin, region->begin + region->size);
  note("release_device_memory", released ? region->id : -1, released ? region->size : 0, released,
       __builtin_return_address(0));
  return released;
}

void runner_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  const detail::DeviceMemoryAccess access(dst, bytes, src, bytes);
  std::memmove(dst, src, bytes);
}

}  // namespace kitcpu
