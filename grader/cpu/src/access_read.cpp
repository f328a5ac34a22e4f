// Reading a KITCPU_ACCESS_REPORT file back: one JSON object per line, written by access_json.cpp.
#include <kitcpu/access_report.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "json_fields.h"

namespace kitcpu {
namespace {

using detail::string_field;

long long number_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<long long>() : 0;
}

AccessExample read_example(const nlohmann::json& object) {
  AccessExample e;
  if (!object.is_object()) return e;
  e.block = string_field(object, "block");
  e.warp = static_cast<int>(number_field(object, "warp"));
  const auto offsets = object.find("offsets");
  if (offsets != object.end() && offsets->is_array()) {
    for (const nlohmann::json& o : *offsets) {
      e.offsets.push_back(o.is_number_integer() ? std::optional<std::int64_t>(o.get<std::int64_t>()) : std::nullopt);
    }
  }
  e.stride = number_field(object, "stride");
  e.sectors = number_field(object, "sectors");
  e.wavefronts = number_field(object, "wavefronts");
  return e;
}

}  // namespace

std::vector<AccessRecord> read_access_file(const std::string& path) {
  std::vector<AccessRecord> records;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const nlohmann::json object = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!object.is_object()) continue;
    AccessRecord r;
    r.kernel = string_field(object, "kernel");
    r.file = string_field(object, "file");
    r.line = static_cast<int>(number_field(object, "line"));
    r.column = static_cast<int>(number_field(object, "column"));
    r.space = string_field(object, "space");
    r.kind = string_field(object, "kind");
    r.size = static_cast<int>(number_field(object, "size"));
    r.blocks = number_field(object, "blocks");
    r.requests = number_field(object, "requests");
    r.threads = number_field(object, "threads");
    r.sectors = number_field(object, "sectors");
    r.wavefronts = number_field(object, "wavefronts");
    r.bank_conflicts = number_field(object, "bank_conflicts");
    const auto example = object.find("example");
    if (example != object.end()) r.example = read_example(*example);
    records.push_back(std::move(r));
  }
  return records;
}

}  // namespace kitcpu
