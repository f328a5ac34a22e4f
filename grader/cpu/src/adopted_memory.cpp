// kitcpu/device_memory.h: the runner's own memory as device memory.
#include <kitcpu/device_memory.h>

#include "device_memory.h"

namespace kitcpu {

int adopt_device_memory(void* base, std::size_t bytes) { return detail::adopt_region(base, bytes); }

bool release_device_memory(void* base) { return detail::release_adopted_region(base); }

}  // namespace kitcpu
