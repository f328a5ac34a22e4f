#include "kit/device_limits.h"

#include <sstream>
#include <stdexcept>

#include <kitcpu/virtual_device.h>

#include "os/build_config.h"
#include "os/process.h"
#include "util/errors.h"

namespace kit {
namespace {

std::string field(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind(key + ": ", 0) == 0) {
      std::string value = line.substr(key.size() + 2);
      while (!value.empty() && (value.back() == '\r' || value.back() == ' ')) value.pop_back();
      return value;
    }
  return {};
}

// A whole, non-negative number that fits a long; false otherwise.
bool whole_number(const std::string& text, long* value) {
  if (text.empty() || text.size() > 15) return false;
  long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *value = v;
  return true;
}

}  // namespace

DeviceLimits virtual_device_limits(const std::string& key) {
  const kitcpu::VirtualDevice* d =
      key.empty() ? &kitcpu::kDefaultVirtualDevice : kitcpu::find_virtual_device(key.c_str());
  if (d == nullptr) throw std::invalid_argument("no virtual device '" + key + "'");
  DeviceLimits l;
  l.name = d->name;
  l.multiprocessor_count = d->multiprocessor_count;
  l.max_threads_per_block = static_cast<int>(d->max_threads_per_block);
  l.max_threads_per_multiprocessor = d->max_threads_per_multiprocessor;
  l.max_blocks_per_multiprocessor = d->max_blocks_per_multiprocessor;
  l.shared_memory_per_block = static_cast<long>(d->shared_memory_per_block);
  l.registers_per_block = d->registers_per_block;
  l.registers_per_multiprocessor = d->registers_per_multiprocessor;
  l.warp_size = d->warp_size;
  l.shared_memory_per_multiprocessor = static_cast<long>(d->shared_memory_per_multiprocessor);
  l.reserved_shared_memory_per_block = static_cast<long>(d->reserved_shared_memory_per_block);
  l.compute_major = d->compute_major;
  l.compute_minor = d->compute_minor;
  return l;
}

std::optional<DeviceLimits> parse_probe_limits(const std::string& out) {
  DeviceLimits l;
  l.name = field(out, "name");
  if (l.name.empty()) return std::nullopt;
  const std::pair<const char*, int*> ints[] = {
      {"multiprocessor_count", &l.multiprocessor_count},
      {"max_threads_per_block", &l.max_threads_per_block},
      {"max_threads_per_multiprocessor", &l.max_threads_per_multiprocessor},
      {"max_blocks_per_multiprocessor", &l.max_blocks_per_multiprocessor},
      {"registers_per_block", &l.registers_per_block},
      {"registers_per_multiprocessor", &l.registers_per_multiprocessor},
      {"warp_size", &l.warp_size}};
  long value = 0;
  for (const auto& [key, target] : ints) {
    if (!whole_number(field(out, key), &value) || value > 1L << 30) return std::nullopt;
    *target = static_cast<int>(value);
  }
  const std::pair<const char*, long*> longs[] = {
      {"shared_memory_per_block", &l.shared_memory_per_block},
      {"shared_memory_per_multiprocessor", &l.shared_memory_per_multiprocessor},
      {"reserved_shared_memory_per_block", &l.reserved_shared_memory_per_block}};
  for (const auto& [key, target] : longs) {
    if (!whole_number(field(out, key), &value)) return std::nullopt;
    *target = value;
  }
  // "9.0": two whole numbers around one dot.
  const std::string capability = field(out, "compute_capability");
  const std::size_t dot = capability.find('.');
  long major = 0, minor = 0;
  if (dot == std::string::npos || !whole_number(capability.substr(0, dot), &major) ||
      !whole_number(capability.substr(dot + 1), &minor) || major > 1000 || minor > 1000)
    return std::nullopt;
  l.compute_major = static_cast<int>(major);
  l.compute_minor = static_cast<int>(minor);
  return l;
}

DeviceLimits gpu_device_limits() {
  const std::string& probe = build_config().gpu_probe;
  if (probe.empty()) throw UserError("the device's properties need kit-gpu-probe, and the kit was built without nvcc");
  ProcessRequest request;
  request.argv = {probe};
  request.max_output_bytes = 16384;
  const ProcessResult p = run_process(request);
  const std::optional<DeviceLimits> limits = p.ok() ? parse_probe_limits(p.out) : std::nullopt;
  if (!limits)
    throw UserError("kit-gpu-probe could not read the GPU's properties: " + (p.ok() ? p.out : describe_ending(p, 60)));
  return *limits;
}

}  // namespace kit
