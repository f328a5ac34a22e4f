#include "assignment/launch_record.h"

namespace kit {
namespace {

std::array<unsigned long long, 3> triple_of(const nlohmann::json& value) {
  std::array<unsigned long long, 3> d{0, 0, 0};
  if (!value.is_array() || value.size() != 3) return d;
  for (std::size_t i = 0; i < 3; ++i)
    d[i] = value[i].is_number_integer() && value[i].get<long long>() >= 0 ? value[i].get<unsigned long long>() : 0;
  return d;
}

std::string triple_text(const std::array<unsigned long long, 3>& d) {
  return "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + ")";
}

std::string text_of(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  return "";
}

}  // namespace

std::vector<LaunchRecord> launches_in_record(const std::vector<nlohmann::json>& calls, std::size_t limit) {
  std::vector<LaunchRecord> launches;
  for (const nlohmann::json& c : calls) {
    if (launches.size() >= limit) break;
    if (!c.is_object() || c.value("call", "") != "launch") continue;
    LaunchRecord l;
    l.kernel = c.value("kernel", std::string("?"));
    l.grid = triple_of(c.value("grid", nlohmann::json()));
    l.block = triple_of(c.value("block", nlohmann::json()));
    const nlohmann::json shared = c.value("shared_bytes", nlohmann::json());
    l.shared_bytes = shared.is_number_unsigned() ? shared.get<unsigned long long>() : 0;
    l.stream = text_of(c.value("stream", nlohmann::json()));
    l.at = c.value("at", std::string());
    l.result = c.value("result", std::string());
    launches.push_back(std::move(l));
  }
  return launches;
}

std::string format_launch(const LaunchRecord& l) {
  std::string text = l.kernel.substr(0, l.kernel.find('(')) + "<<<" + triple_text(l.grid) + ", " + triple_text(l.block) +
                     ", " + std::to_string(l.shared_bytes) + " bytes" + (l.stream.empty() ? "" : ", stream " + l.stream) +
                     ">>>";
  if (!l.at.empty()) text += " at " + l.at;
  if (!l.result.empty()) text += ": " + l.result;
  return text;
}

nlohmann::json launch_json(const LaunchRecord& l) {
  return {{"kernel", l.kernel}, {"grid", l.grid},   {"block", l.block}, {"shared_bytes", l.shared_bytes},
          {"stream", l.stream}, {"at", l.at},       {"result", l.result}};
}

}  // namespace kit
