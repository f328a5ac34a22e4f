// Reading a KITCPU_CALLS file back: one JSON object per line, written by runtime_calls_json.cpp.
#include <kitcpu/runtime_calls.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "json_fields.h"

namespace kitcpu {
namespace {

using detail::string_field;

using nlohmann::json;

template <class Integer>
Integer number_field(const json& object, const char* key, Integer missing) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<Integer>() : missing;
}

std::array<unsigned, 3> triple_field(const json& object, const char* key) {
  std::array<unsigned, 3> v{};
  const auto it = object.find(key);
  if (it == object.end() || !it->is_array() || it->size() != 3) return v;
  for (std::size_t i = 0; i < 3; ++i) v[i] = (*it)[i].is_number_unsigned() ? (*it)[i].get<unsigned>() : 0;
  return v;
}

MemoryReference memory_field(const json& object, const char* key) {
  MemoryReference m;
  const auto it = object.find(key);
  if (it == object.end() || !it->is_object()) return m;
  m.memory = string_field(*it, "memory");
  m.id = number_field(*it, m.memory == "adopted" ? "region" : "allocation", -1);
  m.offset = number_field<std::int64_t>(*it, "offset", 0);
  return m;
}

}  // namespace

std::vector<RuntimeCall> read_runtime_calls(const std::string& path) {
  std::vector<RuntimeCall> calls;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const json object = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!object.is_object()) continue;
    RuntimeCall c;
    c.call = string_field(object, "call");
    c.result = string_field(object, "result");
    c.file = string_field(object, "file");
    c.line = number_field(object, "line", 0);
    c.kernel = string_field(object, "kernel");
    c.grid = triple_field(object, "grid");
    c.block = triple_field(object, "block");
    c.shared_bytes = number_field<std::uint64_t>(object, "shared_bytes", 0);
    c.requested_kind = string_field(object, "requested_kind");
    c.effective_kind = string_field(object, "effective_kind");
    c.src = memory_field(object, "src");
    c.dst = memory_field(object, "dst");
    c.bytes = number_field<std::uint64_t>(object, "bytes", 0);
    c.value = number_field(object, "value", 0);
    c.allocation = number_field(object, "allocation", -1);
    c.region = number_field(object, "region", -1);
    c.stream = number_field(object, "stream", -1);
    c.event = number_field(object, "event", -1);
    c.end_event = number_field(object, "end_event", -1);
    calls.push_back(std::move(c));
  }
  return calls;
}

}  // namespace kitcpu
