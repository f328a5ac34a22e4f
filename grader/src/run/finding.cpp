#include "run/finding.h"

#include <filesystem>

#include <kitcpu/run_protocol.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

// The longest element name a finding keeps ("Mds[15][15]", "odata[1023][1023]" fit many times).
constexpr std::size_t kMaxName = 64;

struct CategoryRow {
  Category category;
  const char* name;  // as docs/diagnostics.md lists it
  bool race;
  bool watchdog;
};

constexpr CategoryRow kCategories[] = {
    {Category::none, "", false, false},
    {Category::out_of_bounds_read, "out-of-bounds-read", false, false},
    {Category::out_of_bounds_write, "out-of-bounds-write", false, false},
    {Category::out_of_bounds_access, "out-of-bounds-access", false, false},
    {Category::shared_out_of_bounds_read, "shared-out-of-bounds-read", false, false},
    {Category::shared_out_of_bounds_write, "shared-out-of-bounds-write", false, false},
    {Category::shared_out_of_bounds_access, "shared-out-of-bounds-access", false, false},
    {Category::race, "missing-barrier", true, false},
    {Category::missing_barrier, "missing-barrier", true, false},
    {Category::uninitialized_shared_read, "uninitialized-shared-read", false, false},
    {Category::order_dependent_result, "order-dependent-result", false, false},
    {Category::write_conflict, "write-conflict", false, false},
    {Category::input_write, "input-write", false, false},
    {Category::divergent_barrier, "divergent-barrier", false, false},
    {Category::hang, "hang", false, true},
    {Category::host_hang, "host-hang", false, true},
    {Category::timeout, "timeout", false, false},
    {Category::invalid_launch, "invalid-launch", false, false},
    {Category::device_assert, "assert", false, false},
    {Category::grid_too_small, "grid-too-small", false, false},
    {Category::tile_ignores_device, "tile-ignores-device", false, false},
    {Category::no_kernel_launched, "no-kernel-launched", false, false},
    {Category::answer_from_host, "answer-from-host", false, false},
    {Category::wrong_answer, "wrong-answer", false, false},
    {Category::never_written, "never-written", false, false},
    {Category::crash, "crash", false, false},
    {Category::cuda_error, "cuda-error", false, false},
    {Category::memory_error, "memory-error", false, false},
    {Category::invalid_address, "invalid-address", false, false},
    {Category::reported, "", false, false},
};

const CategoryRow& category_row(Category category) {
  for (const CategoryRow& r : kCategories)
    if (r.category == category) return r;
  return kCategories[0];
}

// The CPU backend's categories that map to one of the grader's as they are (the others: below).
struct CpuCategory {
  const char* cpu;
  Category category;
};
constexpr CpuCategory kCpuCategories[] = {
    {kitcpu::category::kMissingBarrier, Category::missing_barrier},
    {kitcpu::category::kUninitializedSharedRead, Category::uninitialized_shared_read},
    {kitcpu::category::kWriteConflict, Category::write_conflict},
    {kitcpu::category::kInputWrite, Category::input_write},
    {kitcpu::category::kDivergentBarrier, Category::divergent_barrier},
    {kitcpu::category::kHang, Category::hang},
    {kitcpu::category::kHostHang, Category::host_hang},
    {kitcpu::category::kInvalidLaunch, Category::invalid_launch},
    {kitcpu::category::kAssert, Category::device_assert},
};

// `text` when it reads as a name (short, printable, one line), else "".
std::string bounded_name(const std::string& text) {
  if (text.size() > kMaxName) return {};
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return {};
  return text;
}

// The element a check names first: the text of the message before `marker` ("Mds[0][3] is read ...").
std::string name_before(const std::string& message, const std::string& marker) {
  const std::size_t at = message.find(marker);
  return at == std::string::npos ? std::string() : bounded_name(message.substr(0, at));
}

// The element between `marker` and the next `end` ("... its input M[0][1]: ...").
std::string name_between(const std::string& message, const std::string& marker, const std::string& end) {
  const std::size_t at = message.find(marker);
  return at == std::string::npos ? std::string() : name_before(message.substr(at + marker.size()), end);
}

// An out-of-bounds access as the backend's message words it ("out-of-bounds read of 4 bytes"): its
// diagnostic has one category for reads and writes.
Category out_of_bounds(const std::string& message, Category read, Category write, Category access) {
  if (message.find("out-of-bounds read") != std::string::npos) return read;
  if (message.find("out-of-bounds write") != std::string::npos) return write;
  return access;
}

Category category_from_cpu(const kitcpu::Diagnostic& d) {
  if (d.category == kitcpu::category::kGlobalOutOfBounds)
    return out_of_bounds(d.message, Category::out_of_bounds_read, Category::out_of_bounds_write,
                         Category::out_of_bounds_access);
  if (d.category == kitcpu::category::kSharedOutOfBounds)
    return out_of_bounds(d.message, Category::shared_out_of_bounds_read, Category::shared_out_of_bounds_write,
                         Category::shared_out_of_bounds_access);
  if (d.category == kitcpu::category::kDataRace) return Category::race;
  for (const CpuCategory& c : kCpuCategories)
    if (d.category == c.cpu) return c.category;
  return Category::reported;
}

std::string element_from_cpu(Category category, const std::string& message) {
  switch (category) {
    case Category::uninitialized_shared_read:
    case Category::missing_barrier: return name_before(message, " is read");
    case Category::write_conflict: return name_before(message, " is stored");
    case Category::input_write: return name_between(message, "its input ", ":");
    default: return {};
  }
}

}  // namespace

std::string category_name(const Finding& f) {
  if (f.category == Category::reported) return f.name.empty() ? "unknown" : f.name;
  return category_row(f.category).name;
}

bool names_a_race(Category category) { return category_row(category).race; }
bool stopped_by_watchdog(Category category) { return category_row(category).watchdog; }

Finding finding_from_cpu(const kitcpu::Diagnostic& d) {
  Finding f;
  f.category = category_from_cpu(d);
  if (f.category == Category::reported) f.name = bounded_name(d.category);
  f.file = d.file;
  f.line = d.line;
  f.element = element_from_cpu(f.category, d.message);
  f.evidence = d.message;
  return f;
}

Diagnosis diagnosis_of(const Finding& f) {
  Diagnosis d;
  d.category = category_name(f);
  d.cause = f.cause;
  if (!f.file.empty()) {
    const std::string file = bounded_name(fs::path(f.file).filename().string());
    d.file = file.empty() ? "your file" : file;
  }
  d.line = f.line;
  return d;
}

}  // namespace kit
