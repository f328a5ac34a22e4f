#include "cpu_call_form.h"

#include <string>

#include "runtime_record.h"

namespace kit {
namespace {

// The allocation's name in the record: on a GPU its address, here its id.
std::string allocation_name(int id) { return "allocation " + std::to_string(id); }

nlohmann::json end_of(const kitcpu::MemoryReference& m, const RunnerCase& layout, const unsigned char* base) {
  if (m.memory == "adopted" && m.id == 0)
    for (const ArenaArray& a : layout.arrays)
      if (m.offset >= static_cast<std::int64_t>(a.offset) &&
          m.offset < static_cast<std::int64_t>(a.offset + a.spec.bytes()))
        return {{"array", a.spec.name}, {"role", a.input ? "input" : "output"}, {"buffer", "array " + a.spec.name},
                {"offset", m.offset - static_cast<std::int64_t>(a.offset)}};
  std::size_t offset = 0;
  if (m.memory == "host" && base != nullptr && m.address != 0)
    if (const ArenaArray* a = host_copy_at(reinterpret_cast<const void*>(m.address), layout, base, &offset))
      return {{"array", a->spec.name}, {"role", a->input ? "input" : "output"}, {"side", "host"},
              {"buffer", "host " + a->spec.name}, {"offset", offset}};
  if (m.memory == "host") return {{"array", "host"}, {"role", ""}, {"memory", "host"}};
  nlohmann::json end = {{"role", ""}, {"memory", m.memory}, {"offset", m.offset}};
  // Pinned memory is host memory the GPU can reach; a copy to it still brings data to the host.
  end["array"] = m.memory == "pinned" ? "host" : "device memory";
  if (m.memory == "symbol") end["buffer"] = "symbol";
  else if (m.memory == "adopted") end["buffer"] = "region " + std::to_string(m.id);
  else end["buffer"] = allocation_name(m.id);
  return end;
}

}  // namespace

nlohmann::json memory_end_of(const kitcpu::MemoryReference& m, const RunnerCase& layout, const unsigned char* base) {
  return end_of(m, layout, base);
}

nlohmann::json judged_form(const kitcpu::RuntimeCall& c, const RunnerCase& layout, const unsigned char* base) {
  nlohmann::json j;
  if (c.call == "launch") {
    j = {{"call", "launch"}, {"kernel", c.kernel}, {"grid", c.grid}, {"block", c.block},
         {"shared_bytes", c.shared_bytes}, {"stream", c.stream}};
    if (c.took_ms >= 0) j["took_ms"] = c.took_ms;
    nlohmann::json arguments = nlohmann::json::array();
    for (const kitcpu::MemoryReference& m : c.arguments) arguments.push_back(end_of(m, layout, base));
    j["arguments"] = arguments;
  } else if (c.call == "kernel-writes") {
    nlohmann::json writes = nlohmann::json::array();
    for (const auto& [m, bytes] : c.writes) {
      nlohmann::json end = end_of(m, layout, base);
      end["bytes"] = bytes;
      writes.push_back(end);
    }
    j = {{"call", c.call}, {"kernel", c.kernel}, {"writes", writes}};
  } else if (c.call.rfind("cudaMemcpy", 0) == 0 && !c.src.memory.empty() && !c.dst.memory.empty()) {
    j = {{"call", c.call}, {"kind", c.effective_kind}, {"bytes", c.bytes},
         {"from", end_of(c.src, layout, base)}, {"to", end_of(c.dst, layout, base)}};
    if (c.stream >= 0) j["stream"] = c.stream;
    if (c.copy >= 0) j["copy"] = c.copy;
    if (!c.carried.empty()) j["carried"] = c.carried;
  } else if (c.call.rfind("cudaMemset", 0) == 0 && !c.dst.memory.empty()) {
    j = {{"call", c.call}, {"bytes", c.bytes}, {"to", end_of(c.dst, layout, base)}};
    if (c.stream >= 0) j["stream"] = c.stream;
  } else if (c.call.rfind("cudaMalloc", 0) == 0 || c.call == "cudaHostAlloc" || c.call.rfind("cudaFree", 0) == 0) {
    j = {{"call", c.call}, {"bytes", c.bytes}, {"pointer", c.allocation >= 0 ? allocation_name(c.allocation) : ""}};
    if (c.before) j["before"] = true;
  } else if (c.call.rfind("cudaEvent", 0) == 0 || c.call.find("Synchronize") != std::string::npos) {
    // What a timing is judged by (which event each call names), and when the host waited.
    j = {{"call", c.call}};
    if (c.event >= 0) j["event"] = c.event;
    if (c.end_event >= 0) j["end_event"] = c.end_event;
    if (c.elapsed_ms >= 0) j["elapsed_ms"] = c.elapsed_ms;
    if (c.stream >= 0) j["stream"] = c.stream;
  } else {
    return nullptr;
  }
  j["type"] = "call";
  if (!c.result.empty()) j["result"] = c.result;
  if (!c.file.empty()) j["at"] = c.file + (c.line > 0 ? ":" + std::to_string(c.line) : "");
  return j;
}

}  // namespace kit
