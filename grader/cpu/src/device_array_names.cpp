#include "device_array_names.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include <kitcpu/device_memory.h>

namespace kitcpu::detail {
namespace {

struct NamedArrays {
  std::mutex mutex;
  std::vector<DeviceArrayName> arrays;
};

NamedArrays& named_arrays() {
  static auto* r = new NamedArrays();  // never destroyed: kernels may still run at exit
  return *r;
}

std::size_t count_of(const DeviceArrayName& a) {
  std::size_t n = 1;
  for (long d : a.shape) n *= d > 0 ? static_cast<std::size_t>(d) : 0;
  return n;
}

}  // namespace

NamedElement named_element_at(std::uintptr_t address) {
  NamedArrays& r = named_arrays();
  const std::lock_guard<std::mutex> lock(r.mutex);
  for (auto it = r.arrays.rbegin(); it != r.arrays.rend(); ++it) {
    const auto base = reinterpret_cast<std::uintptr_t>(it->base);
    const std::size_t size = it->element_size ? it->element_size : 1;
    if (address < base || address >= base + count_of(*it) * size) continue;
    std::size_t element = (address - base) / size;
    std::string index;
    for (std::size_t i = it->shape.size(); i-- > 0;) {
      const auto extent = static_cast<std::size_t>(it->shape[i]);
      index = "[" + std::to_string(element % extent) + "]" + index;
      element /= extent;
    }
    return NamedElement{it->name + index, it->read_only};
  }
  return {};
}

std::string outside_named_arrays(std::uintptr_t address) {
  NamedArrays& r = named_arrays();
  const std::lock_guard<std::mutex> lock(r.mutex);
  std::string nearest;
  std::uintptr_t best = ~std::uintptr_t{0};
  for (const DeviceArrayName& a : r.arrays) {
    const auto begin = reinterpret_cast<std::uintptr_t>(a.base);
    const std::uintptr_t end = begin + count_of(a) * (a.element_size ? a.element_size : 1);
    if (address >= begin && address < end) return {};
    const std::uintptr_t distance = address < begin ? begin - address : address - end;
    if (distance >= best) continue;
    best = distance;
    if (address < begin) nearest = std::to_string(distance) + " bytes before the start of " + a.name;
    else if (distance == 0) nearest = "right after the end of " + a.name;
    else nearest = std::to_string(distance) + " bytes after the end of " + a.name;
  }
  return nearest;
}

void forget_named_arrays(std::uintptr_t begin, std::uintptr_t end) {
  NamedArrays& r = named_arrays();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto inside = [&](const DeviceArrayName& a) {
    const auto base = reinterpret_cast<std::uintptr_t>(a.base);
    return base >= begin && base < end;
  };
  r.arrays.erase(std::remove_if(r.arrays.begin(), r.arrays.end(), inside), r.arrays.end());
}

std::vector<std::pair<std::uintptr_t, std::uintptr_t>> read_only_ranges() {
  NamedArrays& r = named_arrays();
  const std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;
  for (const DeviceArrayName& a : r.arrays) {
    if (!a.read_only) continue;
    const auto base = reinterpret_cast<std::uintptr_t>(a.base);
    ranges.emplace_back(base, base + count_of(a) * (a.element_size ? a.element_size : 1));
  }
  return ranges;
}

}  // namespace kitcpu::detail

namespace kitcpu {

void name_device_array(const DeviceArrayName& array) {
  detail::NamedArrays& r = detail::named_arrays();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.arrays.push_back(array);
}

}  // namespace kitcpu
