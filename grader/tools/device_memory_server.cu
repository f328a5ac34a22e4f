// kit-device-memory: the trusted owner of a grading's GPU memory. The grader starts it with a socket at
// descriptor 3 and asks it, over kit/device_memory_protocol.h, to allocate memory a runner can map (the
// allocation is exported as a file descriptor), to fill it, to draw inputs into it with the kit's own
// generator, and to read it back. No student code is ever linked into it, so what it reads back is what
// the GPU holds. It exits when the grader closes the socket (or dies).
#include <cuda.h>
#include <cuda_runtime.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <csignal>
#include <unistd.h>
#include <vector>

#include "kit/descriptor_passing.h"
#include "kit/device_memory_protocol.h"
#include "kit/exportable_gpu_memory.h"

namespace {

using kit::MemoryOp;
using kit::MemoryReply;
using kit::MemoryRequest;

constexpr int kSocket = 3;

struct Allocation {
  CUmemGenericAllocationHandle handle = 0;
  CUdeviceptr ptr = 0;
  std::size_t size = 0;
  int fd = -1;
};

bool read_all(void* data, std::size_t bytes) {
  auto* p = static_cast<char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::read(kSocket, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
  return true;
}

bool write_all(const void* data, std::size_t bytes) {
  auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::write(kSocket, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
  return true;
}

bool reply(std::int32_t status, std::uint64_t value, const void* payload, std::size_t bytes, int fd = -1) {
  MemoryReply r;
  r.status = status;
  r.value = value;
  r.payload_bytes = bytes;
  if (fd >= 0) {
    // The header travels with the descriptor in one message, the payload after it.
    msghdr msg{};
    iovec io{&r, sizeof r};
    msg.msg_iov = &io;
    msg.msg_iovlen = 1;
    kit::DescriptorRoom room;
    kit::attach_descriptor(msg, room, fd);
    if (::sendmsg(kSocket, &msg, 0) != static_cast<ssize_t>(sizeof r)) return false;
  } else if (!write_all(&r, sizeof r)) {
    return false;
  }
  return bytes == 0 || write_all(payload, bytes);
}

bool fail(const std::string& message) { return reply(1, 0, message.data(), message.size()); }

std::string cu_error(CUresult e, const char* what) { return kit::cu_error_text(e, what); }

// ---- the kit's input generator on the GPU: the same integers and the same rounding as grader/common/recipe.cpp

__device__ std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

__device__ std::uint64_t below(std::uint64_t h, std::uint64_t n) { return __umul64hi(h, n); }

// kind: 0 grid, 1 full-mantissa, 2 integers (kit::Recipe::Kind); dtype: 0 f32, 1 i32, 2 u8 (kit::DType).
__global__ void generate_kernel(unsigned char* out, std::uint64_t count, int dtype, int kind, std::uint64_t stream,
                                long long lo, long long hi, long long denominator) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const std::uint64_t h = mix(stream + (i + 1) * 0x9E3779B97F4A7C15ULL);
    double v = 0;
    if (kind == 0) {
      const long long first = lo * denominator, last = hi * denominator;
      v = static_cast<double>(first + static_cast<long long>(below(h, static_cast<std::uint64_t>(last - first) + 1))) /
          static_cast<double>(denominator);
    } else if (kind == 1) {
      const double mantissa = 1.0 + static_cast<double>(h & 0x7FFFFF) / 8388608.0;
      const double sign = (h >> 23) & 1 ? -1.0 : 1.0;
      const long long e = lo + static_cast<long long>(below(h, static_cast<std::uint64_t>(hi - lo) + 1));
      v = sign * ldexp(mantissa, static_cast<int>(e));
    } else {
      v = static_cast<double>(lo + static_cast<long long>(below(h, static_cast<std::uint64_t>(hi - lo) + 1)));
    }
    if (dtype == 0) reinterpret_cast<float*>(out)[i] = static_cast<float>(v);
    else if (dtype == 1) reinterpret_cast<int*>(out)[i] = static_cast<int>(v);
    else out[i] = static_cast<unsigned char>(static_cast<long long>(v) & 0xFF);
  }
}

__global__ void fill_kernel(unsigned* out, std::uint64_t count, unsigned pattern) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    out[i] = pattern;
}

__global__ void gather_kernel(const unsigned char* in, const std::uint64_t* indices, std::uint64_t count,
                              std::uint64_t element_size, unsigned char* out) {
  for (std::uint64_t k = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; k < count;
       k += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    for (std::uint64_t b = 0; b < element_size; ++b) out[k * element_size + b] = in[indices[k] * element_size + b];
}

std::string info_json() {
  int device = 0, sms = 0, clock = 0, mem_clock = 0, bus = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, device);
  cudaDeviceGetAttribute(&mem_clock, cudaDevAttrMemoryClockRate, device);
  cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  std::string name;
  for (const char* c = p.name; *c; ++c)
    if (*c != '"' && *c != '\\') name += *c;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{\"name\":\"%s\",\"multiprocessors\":%d,\"max_sm_clock_mhz\":%d,\"memory_clock_mhz\":%d,"
                "\"memory_bus_bits\":%d,\"compute_major\":%d,\"compute_minor\":%d}",
                name.c_str(), sms, clock / 1000, mem_clock / 1000, bus, major, minor);
  return buf;
}

class Server {
 public:
  bool serve() {
    MemoryRequest q;
    if (!read_all(&q, sizeof q)) return false;
    if (q.payload_bytes > (1ull << 34)) return fail("a request's payload is too large");
    std::vector<unsigned char> payload(q.payload_bytes);
    if (q.payload_bytes && !read_all(payload.data(), payload.size())) return false;
    switch (static_cast<MemoryOp>(q.op)) {
      case MemoryOp::info: {
        const std::string json = info_json();
        return reply(0, 0, json.data(), json.size());
      }
      case MemoryOp::alloc: return alloc(q.a);
      case MemoryOp::release: return release(q.id);
      default: break;
    }
    auto found = allocations_.find(q.id);
    if (found == allocations_.end()) return fail("no allocation " + std::to_string(q.id));
    Allocation& a = found->second;
    auto inside = [&](std::uint64_t offset, std::uint64_t bytes) { return offset <= a.size && bytes <= a.size - offset; };
    cudaError_t e = cudaSuccess;
    switch (static_cast<MemoryOp>(q.op)) {
      case MemoryOp::write:
        if (!inside(q.a, q.b) || payload.size() != q.b) return fail("a write outside the allocation");
        e = cudaMemcpy(reinterpret_cast<void*>(a.ptr + q.a), payload.data(), q.b, cudaMemcpyHostToDevice);
        return e == cudaSuccess ? reply(0, 0, nullptr, 0) : fail(cudaGetErrorString(e));
      case MemoryOp::read: {
        if (!inside(q.a, q.b)) return fail("a read outside the allocation");
        std::vector<unsigned char> out(q.b);
        e = cudaMemcpy(out.data(), reinterpret_cast<void*>(a.ptr + q.a), q.b, cudaMemcpyDeviceToHost);
        return e == cudaSuccess ? reply(0, 0, out.data(), out.size()) : fail(cudaGetErrorString(e));
      }
      case MemoryOp::fill:
        if (!inside(q.a, q.b)) return fail("a fill outside the allocation");
        if (q.d == 1) e = cudaMemset(reinterpret_cast<void*>(a.ptr + q.a), static_cast<int>(q.c & 0xFF), q.b);
        else fill_kernel<<<1024, 256>>>(reinterpret_cast<unsigned*>(a.ptr + q.a), q.b / 4, static_cast<unsigned>(q.c));
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        return e == cudaSuccess ? reply(0, 0, nullptr, 0) : fail(cudaGetErrorString(e));
      case MemoryOp::generate: {
        const int dtype = static_cast<int>(q.c & 0xFF), kind = static_cast<int>((q.c >> 8) & 0xFF);
        const std::uint64_t element = dtype == 2 ? 1 : 4;
        if (!inside(q.a, q.b * element)) return fail("generated inputs outside the allocation");
        generate_kernel<<<2048, 256>>>(reinterpret_cast<unsigned char*>(a.ptr + q.a), q.b, dtype, kind, q.d,
                                       static_cast<long long>(q.e), static_cast<long long>(q.f),
                                       static_cast<long long>(q.g));
        e = cudaDeviceSynchronize();
        return e == cudaSuccess ? reply(0, 0, nullptr, 0) : fail(cudaGetErrorString(e));
      }
      case MemoryOp::gather: {
        const std::uint64_t count = q.c, element = q.b;
        if (payload.size() != count * 8 || element == 0 || element > 16) return fail("a malformed gather");
        const auto* indices = reinterpret_cast<const std::uint64_t*>(payload.data());
        for (std::uint64_t k = 0; k < count; ++k)
          if (!inside(q.a + indices[k] * element, element)) return fail("a gather outside the allocation");
        std::uint64_t* d_indices = nullptr;
        unsigned char* d_out = nullptr;
        std::vector<unsigned char> out(count * element);
        e = cudaMalloc(&d_indices, payload.size() + 1);
        if (e == cudaSuccess) e = cudaMalloc(&d_out, out.size() + 1);
        if (e == cudaSuccess) e = cudaMemcpy(d_indices, payload.data(), payload.size(), cudaMemcpyHostToDevice);
        if (e == cudaSuccess && count > 0) {
          gather_kernel<<<64, 128>>>(reinterpret_cast<const unsigned char*>(a.ptr + q.a), d_indices, count, element, d_out);
          e = cudaMemcpy(out.data(), d_out, out.size(), cudaMemcpyDeviceToHost);
        }
        cudaFree(d_indices);
        cudaFree(d_out);
        return e == cudaSuccess ? reply(0, 0, out.data(), out.size()) : fail(cudaGetErrorString(e));
      }
      default: return fail("unknown request " + std::to_string(q.op));
    }
  }

 private:
  bool alloc(std::uint64_t bytes) {
    int device = 0;
    cudaGetDevice(&device);
    const CUmemAllocationProp prop = kit::exportable_allocation(device);
    std::size_t granularity = 0;
    CUresult r = cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
    if (r != CUDA_SUCCESS) return fail(cu_error(r, "cuMemGetAllocationGranularity"));
    Allocation a;
    a.size = (std::max<std::uint64_t>(bytes, 1) + granularity - 1) / granularity * granularity;
    if ((r = cuMemCreate(&a.handle, a.size, &prop, 0)) != CUDA_SUCCESS) return fail(cu_error(r, "cuMemCreate"));
    const char* failed = nullptr;
    if ((r = kit::map_read_write(a.handle, a.size, granularity, prop, &a.ptr, &failed)) != CUDA_SUCCESS) {
      cuMemRelease(a.handle);
      return fail(cu_error(r, failed));
    }
    if ((r = cuMemExportToShareableHandle(&a.fd, a.handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0)) != CUDA_SUCCESS)
      return fail(cu_error(r, "cuMemExportToShareableHandle"));
    const std::uint32_t id = next_id_++;
    allocations_[id] = a;
    const bool sent = reply(0, id, nullptr, 0, a.fd);
    // The grader holds its own copy now; this one is not needed to keep the memory.
    ::close(allocations_[id].fd);
    allocations_[id].fd = -1;
    return sent;
  }

  bool release(std::uint32_t id) {
    auto found = allocations_.find(id);
    if (found != allocations_.end()) {
      cuMemUnmap(found->second.ptr, found->second.size);
      cuMemAddressFree(found->second.ptr, found->second.size);
      cuMemRelease(found->second.handle);
      allocations_.erase(found);
    }
    return reply(0, 0, nullptr, 0);
  }

  std::map<std::uint32_t, Allocation> allocations_;
  std::uint32_t next_id_ = 1;
};

}  // namespace

int main() {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the grader's end is the helper's
  std::signal(SIGPIPE, SIG_IGN);
  if (cudaFree(nullptr) != cudaSuccess) {  // the primary context, which the driver API calls use
    fail("no usable GPU");
    return 1;
  }
  Server server;
  while (server.serve()) {
  }
  return 0;
}
