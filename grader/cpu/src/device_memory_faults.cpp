#include <kitcpu/run_protocol.h>
#include "device_memory_faults.h"

#include <cstdint>
#include <string>
#include <vector>

#include "device_memory.h"
#include "diagnostic_sink.h"
#include "student_files.h"
#include "symbolizer.h"

namespace kitcpu::detail {
namespace {

constexpr char kHostAccessHint[] =
    "device memory is for kernels and cudaMemcpy; on a GPU this line would crash or read garbage: copy the "
    "data to a host array with cudaMemcpy(..., cudaMemcpyDeviceToHost) and use that, or do the work in a kernel";

// "vec.cu:31", where the region was allocated, or empty.
std::string allocation_site(const Region& region) {
  if (region.allocated_at == nullptr) return "";
  const auto frames = symbolize_inlined({static_cast<const char*>(region.allocated_at) - 1});
  if (frames.empty()) return "";
  const SourceLocation at = caller_location(frames.front());
  return at.file.empty() ? "" : at.file + ":" + std::to_string(at.line);
}

// "device allocation 2 (4000 bytes, cudaMalloc at vec.cu:31)", "device memory region 0 that the grader
// allocated (4096 bytes)".
std::string describe_region(const Region& region) {
  const std::string bytes = std::to_string(region.size) + " bytes";
  if (region.kind == RegionKind::adopted) {
    return "device memory region " + std::to_string(region.id) + " that the grader allocated (" + bytes + ")";
  }
  const std::string site = allocation_site(region);
  return "device allocation " + std::to_string(region.id) + " (" + bytes +
         (site.empty() ? "" : ", cudaMalloc at " + site) + (region.freed ? ", already freed by cudaFree" : "") + ")";
}

// ", at byte 40", ", at byte 4000, past its end", ", 16 bytes before its start".
std::string where_in_region(const Region& region, const void* address) {
  const std::int64_t offset = offset_in(region, address);
  if (offset < 0) return ", " + std::to_string(-offset) + " bytes before its start";
  return ", at byte " + std::to_string(offset) +
         (offset >= static_cast<std::int64_t>(region.size) ? ", past its end" : "");
}

}  // namespace

void report_host_access_to_device_memory(const void* address, const void* pc, AccessKind access) {
  Diagnostic d;
  d.severity = "error";
  d.category = "host-access-to-device-memory";
  std::vector<const void*> stack = current_stack(0);
  if (pc != nullptr) stack.insert(stack.begin(), pc);
  std::vector<SourceLocation> frames;
  for (std::vector<SourceLocation>& inlined : symbolize_inlined(stack)) {
    for (SourceLocation& l : inlined) frames.push_back(std::move(l));
  }
  const SourceLocation at = caller_location(frames);
  d.file = at.file;
  d.line = at.line;
  const std::optional<Region> region = find_region(address, /*include_freed=*/true);
  const char* verb = access == AccessKind::write ? "writes to" : access == AccessKind::read ? "reads" : "accesses";
  d.message = std::string("host code ") + verb + " device memory: " +
              (region ? describe_region(*region) + where_in_region(*region, address)
                      : std::string("a freed device allocation")) +
              ". Host code may reach device memory only through cudaMemcpy (and cudaMemset)";
  d.hint = kHostAccessHint;
  report_fatal(d);
}

bool describe_device_memory_fault(Diagnostic& d, const void* address) {
  const std::optional<Region> region = find_region(address, /*include_freed=*/true);
  if (!region) return false;
  const std::int64_t offset = offset_in(*region, address);
  const bool outside = offset < 0 || offset >= static_cast<std::int64_t>(region->size);
  if (!region->freed && !outside) return false;
  if (region->freed) {
    d.category = "use-after-free";
    d.message = "access to " + describe_region(*region) + where_in_region(*region, address) +
                "; a GPU stops the kernel with cudaErrorIllegalAddress or reads garbage";
    d.hint = "the buffer was used after cudaFree: free a buffer only after the last kernel and copy that use it";
  } else {
    d.category = category::kGlobalOutOfBounds;
    d.message = "access outside " + describe_region(*region) + where_in_region(*region, address);
    d.hint = "a thread accessed past the end of a buffer: guard the access with the size, e.g. "
             "if (Row < Width && Col < Width), since the grid usually has more threads than there are elements";
  }
  return true;
}

}  // namespace kitcpu::detail
