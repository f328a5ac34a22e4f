// The cuda backend's arena: GPU memory owned by kit-device-memory (grader/tools/device_memory_server.cu),
// a trusted helper started once per grading. Each allocation comes back as a file descriptor a runner
// maps with the CUDA driver; filling and reading happen in the helper, never in the student's process.
#include <cerrno>
#include <cstdint>
#include <csignal>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "kit/descriptor_passing.h"
#include "kit/device_memory.h"
#include "kit/device_memory_protocol.h"

namespace kit {

class GpuMemoryServer {
 public:
  GpuMemoryServer(int socket, pid_t pid) : socket_(socket), pid_(pid) {}
  ~GpuMemoryServer() {
    ::close(socket_);  // the helper exits when the socket closes
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

  // One request and its reply; `fd` receives the descriptor an alloc reply carries.
  std::vector<unsigned char> call(const MemoryRequest& q, const void* payload, std::uint64_t* value, int* fd = nullptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    MemoryRequest request = q;
    if (!send_all(&request, sizeof request) || (q.payload_bytes && !send_all(payload, q.payload_bytes)))
      throw std::runtime_error("the GPU memory helper stopped answering");
    MemoryReply r;
    msghdr msg{};
    iovec io{&r, sizeof r};
    msg.msg_iov = &io;
    msg.msg_iovlen = 1;
    DescriptorRoom room;
    expect_descriptor(msg, room);
    ssize_t got = ::recvmsg(socket_, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
    if (got != static_cast<ssize_t>(sizeof r)) throw std::runtime_error("the GPU memory helper stopped answering");
    if (const int received = received_descriptor(msg); received >= 0 && fd) *fd = received;
    std::vector<unsigned char> data(r.payload_bytes);
    if (r.payload_bytes && !recv_all(data.data(), data.size()))
      throw std::runtime_error("the GPU memory helper stopped answering");
    if (r.status != 0) throw std::runtime_error("GPU memory: " + std::string(data.begin(), data.end()));
    if (value) *value = r.value;
    return data;
  }

 private:
  bool send_all(const void* data, std::size_t bytes) {
    auto* p = static_cast<const char*>(data);
    while (bytes > 0) {
      const ssize_t n = ::send(socket_, p, bytes, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      p += n;
      bytes -= static_cast<std::size_t>(n);
    }
    return true;
  }
  bool recv_all(void* data, std::size_t bytes) {
    auto* p = static_cast<char*>(data);
    while (bytes > 0) {
      const ssize_t n = ::recv(socket_, p, bytes, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      p += n;
      bytes -= static_cast<std::size_t>(n);
    }
    return true;
  }

  int socket_;
  pid_t pid_;
  std::mutex mutex_;
};

namespace {

class GpuMemory : public DeviceMemory {
 public:
  GpuMemory(std::shared_ptr<GpuMemoryServer> server, std::size_t bytes) : server_(std::move(server)), size_(bytes) {
    MemoryRequest q;
    q.op = static_cast<std::uint32_t>(MemoryOp::alloc);
    q.a = bytes;
    std::uint64_t id = 0;
    server_->call(q, nullptr, &id, &fd_);
    id_ = static_cast<std::uint32_t>(id);
    if (fd_ < 0) throw std::runtime_error("the GPU memory helper sent no descriptor");
  }
  ~GpuMemory() override {
    if (fd_ >= 0) ::close(fd_);
    try {
      MemoryRequest q = request(MemoryOp::release);
      server_->call(q, nullptr, nullptr);
    } catch (const std::exception&) {
    }
  }

  int descriptor() const override { return fd_; }
  const char* kind() const override { return "gpu"; }
  std::size_t size() const override { return size_; }

  void write(std::size_t offset, const void* data, std::size_t bytes) override {
    MemoryRequest q = request(MemoryOp::write, offset, bytes);
    q.payload_bytes = bytes;
    server_->call(q, data, nullptr);
  }
  void read(std::size_t offset, void* data, std::size_t bytes) override {
    const std::vector<unsigned char> got = server_->call(request(MemoryOp::read, offset, bytes), nullptr, nullptr);
    if (got.size() != bytes) throw std::runtime_error("GPU memory: a short read");
    std::memcpy(data, got.data(), bytes);
  }
  void fill(std::size_t offset, std::size_t bytes, std::uint32_t pattern, std::size_t element_size) override {
    MemoryRequest q = request(MemoryOp::fill, offset, bytes);
    q.c = pattern;
    q.d = element_size;
    server_->call(q, nullptr, nullptr);
  }
  void generate(std::size_t offset, const ArraySpec& spec, const Recipe& recipe, std::uint64_t stream) override {
    if (recipe.kind == Recipe::Kind::scene) {  // the GPU generator knows only the random kinds
      const HostArray a = generate_from_stream(spec, recipe, stream);
      write(offset, a.bytes.data(), a.bytes.size());
      return;
    }
    MemoryRequest q = request(MemoryOp::generate, offset, spec.count());
    q.c = static_cast<std::uint64_t>(spec.dtype) | static_cast<std::uint64_t>(recipe.kind) << 8;
    q.d = stream;
    q.e = static_cast<std::uint64_t>(recipe.lo);
    q.f = static_cast<std::uint64_t>(recipe.hi);
    q.g = static_cast<std::uint64_t>(recipe.denominator);
    server_->call(q, nullptr, nullptr);
  }
  std::vector<unsigned char> gather(std::size_t offset, std::size_t element_size,
                                    const std::vector<std::size_t>& indices) override {
    std::vector<std::uint64_t> wire(indices.begin(), indices.end());
    MemoryRequest q = request(MemoryOp::gather, offset, element_size);
    q.c = wire.size();
    q.payload_bytes = wire.size() * sizeof(std::uint64_t);
    return server_->call(q, wire.data(), nullptr);
  }

 private:
  MemoryRequest request(MemoryOp op, std::uint64_t a = 0, std::uint64_t b = 0) const {
    MemoryRequest q;
    q.op = static_cast<std::uint32_t>(op);
    q.id = id_;
    q.a = a;
    q.b = b;
    return q;
  }

  std::shared_ptr<GpuMemoryServer> server_;
  std::size_t size_;
  std::uint32_t id_ = 0;
  int fd_ = -1;
};

// FP32 lanes per multiprocessor, by compute capability: what a peak FLOP rate is built from.
int fp32_lanes(int major, int minor) {
  if (major <= 5) return 128;
  if (major == 6) return minor == 0 ? 64 : 128;
  if (major == 7 || (major == 8 && minor == 0)) return 64;
  return 128;  // 8.6 and later: an upper bound for a GPU this table does not know
}

}  // namespace

double GpuLimits::peak_fp32_gflops() const {
  return static_cast<double>(multiprocessors) * fp32_lanes(compute_major, compute_minor) * 2.0 * max_sm_clock_mhz / 1e3;
}

double GpuLimits::peak_bandwidth_gbs() const { return 2.0 * memory_clock_mhz * 1e6 * (memory_bus_bits / 8.0) / 1e9; }

std::shared_ptr<GpuMemoryServer> start_gpu_memory_server(const std::string& helper_program) {
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw std::runtime_error(std::string("socketpair: ") + std::strerror(errno));
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    ::dup2(sockets[1], 3);  // dup2 leaves it open across exec
    char* argv[] = {const_cast<char*>(helper_program.c_str()), nullptr};
    ::execv(argv[0], argv);
    _exit(127);
  }
  ::close(sockets[1]);
  std::signal(SIGPIPE, SIG_IGN);
  return std::make_shared<GpuMemoryServer>(sockets[0], pid);
}

std::unique_ptr<DeviceMemory> gpu_device_memory(const std::shared_ptr<GpuMemoryServer>& server, std::size_t bytes) {
  return std::make_unique<GpuMemory>(server, bytes);
}

GpuLimits gpu_limits(GpuMemoryServer& server) {
  MemoryRequest q;
  q.op = static_cast<std::uint32_t>(MemoryOp::info);
  const std::vector<unsigned char> data = server.call(q, nullptr, nullptr);
  const nlohmann::json j = nlohmann::json::parse(std::string(data.begin(), data.end()));
  GpuLimits l;
  l.name = j.value("name", "");
  l.multiprocessors = j.value("multiprocessors", 0);
  l.max_sm_clock_mhz = j.value("max_sm_clock_mhz", 0);
  l.memory_clock_mhz = j.value("memory_clock_mhz", 0);
  l.memory_bus_bits = j.value("memory_bus_bits", 0);
  l.compute_major = j.value("compute_major", 0);
  l.compute_minor = j.value("compute_minor", 0);
  return l;
}

}  // namespace kit
