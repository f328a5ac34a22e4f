// Reading the runtime's JSON-lines reports back (access, diagnostic and runtime-call records): a field
// that is missing or of the wrong type reads as empty, never as an exception.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace kitcpu::detail {

inline std::string string_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace kitcpu::detail
