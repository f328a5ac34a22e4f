#include "cpu_call_form.h"

#include <string>

namespace kit {
namespace {

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

nlohmann::json judged_form(const kitcpu::RuntimeCall& c, const RunnerCase& layout) {
  nlohmann::json j;
  if (c.call == "launch") {
    j = {{"call", "launch"}, {"kernel", c.kernel}, {"grid", c.grid}, {"block", c.block},
         {"shared_bytes", c.shared_bytes}};
  } else if (c.call.rfind("cudaMemcpy", 0) == 0 && !c.src.memory.empty() && !c.dst.memory.empty()) {
    j = {{"call", c.call}, {"kind", c.effective_kind}, {"bytes", c.bytes},
         {"from", end_of(c.src, layout)}, {"to", end_of(c.dst, layout)}};
  } else if (c.call.rfind("cudaEvent", 0) == 0 || c.call == "cudaDeviceSynchronize" ||
             c.call == "cudaStreamSynchronize") {
    // What a timing is judged by: which event each call names, and when the host waited.
    j = {{"call", c.call}};
    if (c.event >= 0) j["event"] = c.event;
    if (c.end_event >= 0) j["end_event"] = c.end_event;
  } else {
    return nullptr;
  }
  j["type"] = "call";
  if (!c.file.empty()) j["at"] = c.file + (c.line > 0 ? ":" + std::to_string(c.line) : "");
  return j;
}

}  // namespace kit
