// Reading a KITCPU_REPORT file back: one JSON object per line, written by diagnostic_format.cpp.
#include <kitcpu/diagnostic.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "json_fields.h"

namespace kitcpu {
namespace {

using detail::string_field;

int int_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : 0;
}

}  // namespace

std::vector<Diagnostic> read_diagnostics_file(const std::string& path) {
  std::vector<Diagnostic> diagnostics;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    // A process killed in the middle of a write leaves a partial last line: skip it, keep the rest.
    const nlohmann::json object = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!object.is_object()) continue;
    Diagnostic d;
    d.severity = string_field(object, "severity");
    d.category = string_field(object, "category");
    d.file = string_field(object, "file");
    d.line = int_field(object, "line");
    d.kernel = string_field(object, "kernel");
    d.launch_site = string_field(object, "launch_site");
    d.block = string_field(object, "block");
    d.thread = string_field(object, "thread");
    d.message = string_field(object, "message");
    d.hint = string_field(object, "hint");
    diagnostics.push_back(std::move(d));
  }
  return diagnostics;
}

}  // namespace kitcpu
