// The CPU backend's record of runtime calls (KITCPU_CALLS, grader/cpu/include/kitcpu/runtime_calls.h),
// in the form the grader judges (kit/runtime_calls.h).
#include "kit/runtime_calls.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/runtime_calls.h>
#endif

namespace kit {

#ifdef KIT_HAVE_CPU_BACKEND
namespace {

// The runner adopts one region, the arena, so region 0's offsets are the arena's.
nlohmann::json end_of(const kitcpu::MemoryReference& m, const RunnerCase& layout) {
  if (m.memory == "adopted" && m.id == 0)
    for (const ArenaArray& a : layout.arrays)
      if (m.offset >= static_cast<std::int64_t>(a.offset) &&
          m.offset < static_cast<std::int64_t>(a.offset + a.spec.bytes()))
        return {{"array", a.spec.name}, {"role", a.input ? "input" : "output"}};
  // Pinned memory is host memory the GPU can reach; a copy to it still brings data to the host.
  if (m.memory == "host" || m.memory == "pinned") return {{"array", "host"}, {"role", ""}};
  return {{"array", "device memory"}, {"role", ""}};
}

}  // namespace

std::vector<nlohmann::json> read_cpu_runtime_calls(const std::string& path, const RunnerCase& layout) {
  std::vector<nlohmann::json> calls;
  for (const kitcpu::RuntimeCall& c : kitcpu::read_runtime_calls(path)) {
    nlohmann::json j;
    if (c.call == "launch") {
      j = {{"call", "launch"}, {"kernel", c.kernel}, {"grid", c.grid}, {"block", c.block},
           {"shared_bytes", c.shared_bytes}};
    } else if (c.call.rfind("cudaMemcpy", 0) == 0 && !c.src.memory.empty() && !c.dst.memory.empty()) {
      j = {{"call", c.call}, {"kind", c.effective_kind}, {"bytes", c.bytes},
           {"from", end_of(c.src, layout)}, {"to", end_of(c.dst, layout)}};
    } else {
      continue;  // allocations, synchronisation, events: they say nothing about where an answer came from
    }
    j["type"] = "call";
    if (!c.file.empty()) j["at"] = c.file + (c.line > 0 ? ":" + std::to_string(c.line) : "");
    calls.push_back(std::move(j));
  }
  return calls;
}
#else
std::vector<nlohmann::json> read_cpu_runtime_calls(const std::string&, const RunnerCase&) { return {}; }
#endif

}  // namespace kit
