// Which host memory holds the harness's copies of the arena's arrays (runtime_record.h), for both
// backends' records; and what the bytes of the student's copies say where the student writes the host
// code: whether a copy to the device carried the inputs, and whether an output holds what a copy from the
// device delivered into a buffer of the student's (a staged copy).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "runtime_record.h"

namespace kit {
namespace {

struct HostCopy {
  const unsigned char* host;
  std::size_t bytes;
  const unsigned char* device;
  bool output;
  std::vector<unsigned char> handed;  // the bytes as the harness handed them over
};

// A synchronous copy from device memory into host memory of the student's: a hash of what it delivered.
struct Delivered {
  int copy;
  nlohmann::json from;  // the source, as the record names it
  std::size_t source_offset;
  std::size_t bytes;
  std::uint64_t hash;
};

struct Staged {
  std::size_t delivered;  // indices into HostCode's vectors
  std::size_t output;
  std::size_t offset;     // where in the output
};

struct HostCode {
  std::vector<HostCopy> copies;
  std::vector<Delivered> delivered;
  std::vector<Staged> staged;
};

HostCode& host_code() {
  static HostCode h;
  return h;
}

constexpr std::size_t kMaxDeliveredCopies = 1 << 16;

// FNV-1a, 64 bits. Not a keyed or cryptographic hash, and it need not be: the bytes an output must match
// were computed on the device from the inputs (the copies to the device are checked against them), so a
// device able to aim at a collision with the answer could compute the answer itself.
std::uint64_t fnv1a(const unsigned char* p, std::size_t bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

std::string memory_of(const nlohmann::json& end) {
  return end.is_object() && end.contains("memory") && end["memory"].is_string() ? end["memory"].get<std::string>() : "";
}

bool harness_side(const nlohmann::json& end) {
  return end.is_object() && end.value("side", std::string()) == "host";
}

// Memory host code reads and writes directly: plain host memory, the harness's copies, pinned, mapped
// and managed memory.
bool host_memory(const nlohmann::json& end) {
  const std::string m = memory_of(end);
  return harness_side(end) || m == "host" || m == "pinned" || m == "mapped" || m == "managed";
}

// Memory only kernels and copies reach: an allocation of device memory, the arena's arrays, a variable.
bool device_memory(const nlohmann::json& end) {
  if (!end.is_object() || harness_side(end) || host_memory(end)) return false;
  return end.contains("buffer") || memory_of(end) == "device" || memory_of(end) == "symbol";
}

std::size_t offset_of(const nlohmann::json& end) {
  return end.is_object() && end.contains("offset") && end["offset"].is_number_integer() && end["offset"].get<std::int64_t>() >= 0
             ? end["offset"].get<std::size_t>()
             : 0;
}

// Where in an array of `size` bytes a range at `offset` of an allocation lies: the same offset, or, in
// one allocation that holds several arrays of that size side by side (d_A, d_B, d_C in one cudaMalloc),
// the same offset in the array it falls in.
std::vector<std::size_t> offsets_in(std::size_t size, std::size_t offset, std::size_t bytes) {
  std::vector<std::size_t> at;
  if (offset <= size && bytes <= size - offset) at.push_back(offset);
  if (size > 0 && offset >= size && bytes <= size && offset % size <= size - bytes) at.push_back(offset % size);
  return at;
}

}  // namespace

void name_host_copy(const void* host, std::size_t bytes, const void* device_array, bool output) {
  const auto* h = static_cast<const unsigned char*>(host);
  host_code().copies.push_back({h, bytes, static_cast<const unsigned char*>(device_array), output,
                                std::vector<unsigned char>(h, h + bytes)});
}

void forget_host_copies() { host_code() = HostCode{}; }

nlohmann::json host_arrays_call() {
  if (host_code().copies.empty()) return nullptr;
  return {{"type", "call"}, {"call", "host-arrays"}};
}

const ArenaArray* host_copy_at(const void* p, const RunnerCase& c, const unsigned char* base, std::size_t* offset) {
  const auto* at = static_cast<const unsigned char*>(p);
  for (const HostCopy& h : host_code().copies) {
    if (at < h.host || at >= h.host + h.bytes) continue;
    for (const ArenaArray& a : c.arrays)
      if (h.device == base + a.offset) {
        if (offset) *offset = static_cast<std::size_t>(at - h.host);
        return &a;
      }
  }
  return nullptr;
}

std::string carried_bytes(const nlohmann::json& from, const nlohmann::json& to, const void* src, std::size_t bytes) {
  if (host_code().copies.empty() || !host_memory(from) || host_memory(to) || harness_side(to)) return {};
  // What the harness handed over includes the output as it was (poisoned): copying it up is no answer.
  // The bytes are compared where the destination lies, and, for a copy from an array the harness handed
  // over, where the source lies (the array copied as it was handed over).
  if (bytes == 0) return "inputs";
  for (const HostCopy& h : host_code().copies) {
    std::vector<std::size_t> at = offsets_in(h.handed.size(), offset_of(to), bytes);
    if (harness_side(from) && offset_of(from) <= h.handed.size() && bytes <= h.handed.size() - offset_of(from))
      at.push_back(offset_of(from));
    for (const std::size_t a : at)
      if (std::memcmp(h.handed.data() + a, src, bytes) == 0) return "inputs";
  }
  return "other";
}

int delivered_copy(const nlohmann::json& from, const nlohmann::json& to, const void* dst, std::size_t bytes) {
  HostCode& h = host_code();
  if (h.copies.empty() || !device_memory(from) || !host_memory(to) || h.delivered.size() >= kMaxDeliveredCopies) return -1;
  if (harness_side(to) && to.value("role", std::string()) == "output") return -1;
  const int copy = static_cast<int>(h.delivered.size());
  h.delivered.push_back({copy, from, offset_of(from), bytes, fnv1a(static_cast<const unsigned char*>(dst), bytes)});
  return copy;
}

void find_staged_copies() {
  HostCode& h = host_code();
  h.staged.clear();
  for (std::size_t i = 0; i < h.delivered.size(); ++i)
    for (std::size_t o = 0; o < h.copies.size(); ++o) {
      const Delivered& d = h.delivered[i];
      const HostCopy& out = h.copies[o];
      if (!out.output || d.bytes == 0) continue;
      for (const std::size_t at : offsets_in(out.bytes, d.source_offset, d.bytes))
        if (fnv1a(out.host + at, d.bytes) == d.hash) {
          h.staged.push_back({i, o, at});
          break;
        }
    }
}

std::vector<nlohmann::json> staged_copy_calls(const RunnerCase& c, const unsigned char* base) {
  std::vector<nlohmann::json> calls;
  const HostCode& h = host_code();
  for (const Staged& s : h.staged) {
    const Delivered& d = h.delivered[s.delivered];
    for (const ArenaArray& a : c.arrays)
      if (h.copies[s.output].device == base + a.offset)
        calls.push_back({{"type", "call"}, {"call", "staged-copy"}, {"kind", "device-to-host"}, {"copy", d.copy},
                         {"bytes", d.bytes}, {"from", d.from},
                         {"to", {{"array", a.spec.name}, {"role", "output"}, {"side", "host"},
                                 {"buffer", "host " + a.spec.name}, {"offset", s.offset}}}});
  }
  return calls;
}

}  // namespace kit
