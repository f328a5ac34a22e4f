// The size of a memory page, which guard pages and red zones are rounded to.
#pragma once

#include <unistd.h>

#include <cstddef>

namespace kitcpu::detail {

inline std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

}  // namespace kitcpu::detail
