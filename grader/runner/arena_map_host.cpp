// The CPU backend's arena: shared host memory behind a memfd, handed to the backend as device memory
// (kitcpu/device_memory.h). From then on host code cannot touch it outside kernels and the runtime's
// copies, as on a GPU, the access flavour counts its loads and stores as global memory, and the record of
// runtime calls names it as region 0.
#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#include <kitcpu/device_memory.h>

#include "arena_map.h"

namespace kit {

unsigned char* map_arena(int fd, std::size_t bytes, std::string* error) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    *error = std::string("cannot map the arena: ") + std::strerror(errno);
    return nullptr;
  }
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  if (kitcpu::adopt_device_memory(p, (bytes + page - 1) / page * page) < 0) {
    *error = "the CPU backend refused the arena as device memory";
    ::munmap(p, bytes);
    return nullptr;
  }
  return static_cast<unsigned char*>(p);
}

void unmap_arena(unsigned char* base, std::size_t bytes) {
  kitcpu::release_device_memory(base);
  ::munmap(base, bytes);
}

void name_arrays(const RunnerCase& c, unsigned char* base) {
  for (const ArenaArray& array : c.arrays) {
    kitcpu::DeviceArrayName name;
    name.base = base + array.offset;
    name.name = array.spec.name;
    name.element_size = dtype_size(array.spec.dtype);
    name.shape = array.spec.shape;
    name.read_only = array.input;
    kitcpu::name_device_array(name);
  }
}

}  // namespace kit
