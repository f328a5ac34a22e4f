#include "run/finding_headline.h"

#include <filesystem>

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string or_else(const std::string& element, const std::string& fallback) {
  return element.empty() ? fallback : element;
}

// "read", "write" or "access": what an out-of-bounds finding did.
const char* access_kind(Category c) {
  if (c == Category::out_of_bounds_read || c == Category::shared_out_of_bounds_read) return "read";
  if (c == Category::out_of_bounds_write || c == Category::shared_out_of_bounds_write) return "write";
  return "access";
}

std::string what_happened(const Finding& f) {
  switch (f.category) {
    case Category::divergent_barrier: return "divergent __syncthreads";
    case Category::uninitialized_shared_read:
      return or_else(f.element, "a shared element") + " read before any thread of the block stored it";
    case Category::missing_barrier:
      return "missing __syncthreads: " + or_else(f.element, "a shared element") +
             " is stored and read by different threads with no barrier between";
    case Category::write_conflict: return "two threads store " + or_else(f.element, "one element");
    case Category::input_write: return "the kernel writes its input " + f.element;
    case Category::hang: return "timed out: the kernel hung";
    case Category::host_hang: return "timed out: the host code hung";
    case Category::shared_out_of_bounds_read:
    case Category::shared_out_of_bounds_write:
    case Category::shared_out_of_bounds_access:
      return std::string("out-of-bounds shared memory ") + access_kind(f.category);
    case Category::out_of_bounds_read:
    case Category::out_of_bounds_write:
    case Category::out_of_bounds_access: return std::string("out-of-bounds ") + access_kind(f.category);
    case Category::race: return "missing __syncthreads suspected";
    case Category::invalid_launch: return "invalid launch configuration";
    case Category::device_assert: return "a device assert failed";
    default: {
      const bool unnamed = f.category == Category::reported && f.name.empty();
      return "the CPU backend stopped the kernel (" + (unnamed ? "?" : category_name(f)) + ")";
    }
  }
}

}  // namespace

std::string headline_for(const Finding& f) {
  std::string head = what_happened(f);
  while (!head.empty() && head.back() == ' ') head.pop_back();
  const std::string file = fs::path(f.file).filename().string();
  if (!file.empty() && f.line > 0) head += " at " + diagnosis_of(f).file + ":" + std::to_string(f.line);
  return head;
}

}  // namespace kit
