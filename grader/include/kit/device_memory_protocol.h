// The wire between the grader and kit-device-memory, the trusted helper that owns a grading's GPU memory
// (device_memory.h). A request is one fixed header and an optional payload; a reply likewise, and the
// reply to `alloc` carries the allocation's file descriptor (SCM_RIGHTS) for a runner to map.
#pragma once

#include <cstdint>

namespace kit {

enum class MemoryOp : std::uint32_t {
  info = 1,      // reply payload: JSON of the GPU's limits
  alloc = 2,     // a = bytes; reply value = id, with the descriptor
  release = 3,   // id
  write = 4,     // id, a = offset, b = bytes; payload: the bytes
  read = 5,      // id, a = offset, b = bytes; reply payload: the bytes
  fill = 6,      // id, a = offset, b = bytes, c = pattern, d = element size
  generate = 7,  // id, a = offset, b = count, c = dtype | recipe kind << 8, d = stream, e = lo, f = hi,
                 // g = denominator (lo and hi as signed 64-bit)
  gather = 8,    // id, a = offset, b = element size, c = count; payload: count 64-bit indices;
                 // reply payload: count elements
};

struct MemoryRequest {
  std::uint32_t op = 0;
  std::uint32_t id = 0;
  std::uint64_t a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0;
  std::uint64_t payload_bytes = 0;
};

struct MemoryReply {
  std::int32_t status = 0;  // 0: done; otherwise the payload is the error text
  std::uint32_t reserved = 0;
  std::uint64_t value = 0;
  std::uint64_t payload_bytes = 0;
};

}  // namespace kit
