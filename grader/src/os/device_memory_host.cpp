// The CPU backend's arena: host memory behind a memfd, mapped by the grader and, from the descriptor it
// inherits, by the runner. The kernel keeps one copy: what the runner writes, the grader reads.
#include <cstring>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

#include "kit/device_memory.h"

namespace kit {
namespace {

class HostMemory : public DeviceMemory {
 public:
  explicit HostMemory(std::size_t bytes) : size_(bytes) {
    fd_ = ::memfd_create("kit-arena", MFD_CLOEXEC);
    if (fd_ < 0) throw std::runtime_error(std::string("memfd_create: ") + std::strerror(errno));
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0) {
      ::close(fd_);
      throw std::runtime_error(std::string("cannot size the arena: ") + std::strerror(errno));
    }
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (p == MAP_FAILED) {
      ::close(fd_);
      throw std::runtime_error(std::string("cannot map the arena: ") + std::strerror(errno));
    }
    base_ = static_cast<unsigned char*>(p);
  }
  ~HostMemory() override {
    ::munmap(base_, size_);
    ::close(fd_);
  }

  int descriptor() const override { return fd_; }
  const char* kind() const override { return "host"; }
  std::size_t size() const override { return size_; }

  void write(std::size_t offset, const void* data, std::size_t bytes) override {
    check(offset, bytes);
    std::memcpy(base_ + offset, data, bytes);
  }
  void read(std::size_t offset, void* data, std::size_t bytes) override {
    check(offset, bytes);
    std::memcpy(data, base_ + offset, bytes);
  }
  void fill(std::size_t offset, std::size_t bytes, std::uint32_t pattern, std::size_t element_size) override {
    check(offset, bytes);
    if (element_size == 1) {
      std::memset(base_ + offset, static_cast<int>(pattern & 0xFF), bytes);
      return;
    }
    for (std::size_t i = 0; i + 4 <= bytes; i += 4) std::memcpy(base_ + offset + i, &pattern, 4);
  }
  void generate(std::size_t offset, const ArraySpec& spec, const Recipe& recipe, std::uint64_t stream) override {
    check(offset, spec.bytes());
    const HostArray a = generate_from_stream(spec, recipe, stream);
    std::memcpy(base_ + offset, a.bytes.data(), a.bytes.size());
  }
  std::vector<unsigned char> gather(std::size_t offset, std::size_t element_size,
                                    const std::vector<std::size_t>& indices) override {
    std::vector<unsigned char> out(indices.size() * element_size);
    for (std::size_t k = 0; k < indices.size(); ++k) read(offset + indices[k] * element_size, &out[k * element_size], element_size);
    return out;
  }

 private:
  void check(std::size_t offset, std::size_t bytes) const {
    if (offset > size_ || bytes > size_ - offset) throw std::runtime_error("an arena access outside the arena");
  }

  std::size_t size_;
  int fd_ = -1;
  unsigned char* base_ = nullptr;
};

}  // namespace

std::unique_ptr<DeviceMemory> host_device_memory(std::size_t bytes) { return std::make_unique<HostMemory>(bytes); }

}  // namespace kit
