// The CPU backend's arena: shared host memory behind a memfd. The CPU backend's device memory is host
// memory, so the mapping is used as it is.
#include <cerrno>
#include <cstring>
#include <sys/mman.h>

#include "arena_map.h"

namespace kit {

unsigned char* map_arena(int fd, std::size_t bytes, std::string* error) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    *error = std::string("cannot map the arena: ") + std::strerror(errno);
    return nullptr;
  }
  return static_cast<unsigned char*>(p);
}

}  // namespace kit
