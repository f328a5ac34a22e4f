// Writing the record of runtime calls, shared by the runtime (which must not depend on a JSON library,
// so the JSON is written by hand) and the grader's report library.
#include <kitcpu/runtime_calls.h>

#include "json_text.h"

namespace kitcpu {
namespace {

using detail::append_json_string;

void key(std::string& out, const char* name) {
  if (out.size() > 1) out += ',';
  append_json_string(out, name);
  out += ':';
}

void string_field(std::string& out, const char* name, const std::string& value) {
  if (value.empty()) return;
  key(out, name);
  append_json_string(out, value);
}

template <class Integer>
void number_field(std::string& out, const char* name, Integer value) {
  key(out, name);
  out += std::to_string(value);
}

void id_field(std::string& out, const char* name, int value) {
  if (value >= 0) number_field(out, name, value);
}

void triple_field(std::string& out, const char* name, const std::array<unsigned, 3>& v) {
  key(out, name);
  out += "[" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "]";
}

void memory_field(std::string& out, const char* name, const MemoryReference& m) {
  if (m.memory.empty()) return;
  key(out, name);
  std::string object = "{";
  string_field(object, "memory", m.memory);
  if (m.memory != "host") {
    id_field(object, m.memory == "adopted" ? "region" : "allocation", m.id);
    number_field(object, "offset", m.offset);
  }
  out += object + "}";
}

}  // namespace

std::string runtime_call_to_json_line(const RuntimeCall& c) {
  std::string out = "{";
  string_field(out, "call", c.call);
  string_field(out, "result", c.result);
  string_field(out, "file", c.file);
  if (c.line > 0) number_field(out, "line", c.line);
  if (!c.kernel.empty()) {
    string_field(out, "kernel", c.kernel);
    triple_field(out, "grid", c.grid);
    triple_field(out, "block", c.block);
    number_field(out, "shared_bytes", c.shared_bytes);
  }
  string_field(out, "requested_kind", c.requested_kind);
  string_field(out, "effective_kind", c.effective_kind);
  memory_field(out, "src", c.src);
  memory_field(out, "dst", c.dst);
  if (c.bytes > 0 || !c.dst.memory.empty() || c.allocation >= 0 || c.region >= 0) number_field(out, "bytes", c.bytes);
  if (c.call == "cudaMemset" || c.call == "cudaMemsetAsync") number_field(out, "value", c.value);
  id_field(out, "allocation", c.allocation);
  id_field(out, "region", c.region);
  id_field(out, "stream", c.stream);
  id_field(out, "event", c.event);
  id_field(out, "end_event", c.end_event);
  out += '}';
  return out;
}

std::string describe_memory(const MemoryReference& m) {
  const std::string offset = m.offset != 0 ? " + " + std::to_string(m.offset) : "";
  if (m.memory == "device") return "device allocation " + std::to_string(m.id) + offset;
  if (m.memory == "adopted") return "adopted region " + std::to_string(m.id) + offset;
  if (m.memory == "managed") return "managed allocation " + std::to_string(m.id) + offset;
  if (m.memory == "pinned") return "pinned host allocation " + std::to_string(m.id) + offset;
  if (m.memory == "symbol") return "a __constant__ or __device__ variable" + offset;
  if (m.memory == "host") return "host memory";
  return "nothing";
}

std::string format_runtime_call(const RuntimeCall& c) {
  const auto triple = [](const std::array<unsigned, 3>& v) {
    return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
  };
  const std::string where = c.file.empty() ? "" : " at " + c.file + ":" + std::to_string(c.line);
  std::string text;
  std::string detail;
  if (c.call == "launch") {
    text = "launch of " + c.kernel + "<<<" + triple(c.grid) + ", " + triple(c.block) +
           (c.shared_bytes > 0 ? ", " + std::to_string(c.shared_bytes) : "") + ">>>" + where;
  } else {
    text = c.call + where;
    if (!c.src.memory.empty() || !c.requested_kind.empty()) {
      detail = std::to_string(c.bytes) + " bytes from " + describe_memory(c.src) + " to " + describe_memory(c.dst) +
               ", " + c.effective_kind + " (asked " + c.requested_kind + ")";
    } else if (!c.dst.memory.empty()) {
      detail = std::to_string(c.bytes) + " bytes of " + describe_memory(c.dst) + " set to " + std::to_string(c.value);
    } else if (c.allocation >= 0) {
      detail = "allocation " + std::to_string(c.allocation) + ", " + std::to_string(c.bytes) + " bytes";
    } else if (c.region >= 0) {
      detail = "region " + std::to_string(c.region) + ", " + std::to_string(c.bytes) + " bytes";
    } else if (c.bytes > 0) {
      detail = std::to_string(c.bytes) + " bytes";
    }
    for (const auto& [name, id] : {std::pair<const char*, int>{"event", c.event}, {"end event", c.end_event},
                                   {"stream", c.stream}}) {
      if (id >= 0) detail += (detail.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(id);
    }
  }
  return text + (detail.empty() ? "" : ": " + detail) + ": " + c.result;
}

bool is_device_memory(const MemoryReference& m) {
  return m.memory == "device" || m.memory == "adopted" || m.memory == "managed" || m.memory == "symbol";
}

}  // namespace kitcpu
