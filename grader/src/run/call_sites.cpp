#include "run/call_sites.h"

#include <filesystem>
#include <map>
#include <sstream>

#include "os/process.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxAddresses = 4096;  // a record longer than this is named in part

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

// "file:line", "file:line (discriminator 2)" -> {"file", line}; line 0 when unknown ("??:0", "file:?").
std::pair<std::string, int> split_place(const std::string& place) {
  std::string text = place.substr(0, place.find(" ("));
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) return {text, 0};
  int line = 0;
  try {
    line = std::stoi(text.substr(colon + 1));
  } catch (const std::exception&) {
    line = 0;
  }
  return {text.substr(0, colon), line};
}

}  // namespace

std::vector<std::vector<std::string>> parse_addr2line(const std::string& text, std::size_t addresses) {
  std::vector<std::vector<std::string>> places;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("0x", 0) == 0) {
      places.emplace_back();
    } else if (!places.empty() && !line.empty()) {
      places.back().push_back(line);
    }
  }
  places.resize(addresses);
  return places;
}

void place_calls(std::vector<nlohmann::json>& calls, const std::string& executable, const std::string& source) {
  std::vector<std::string> addresses;
  std::map<std::string, std::size_t> index;
  for (const nlohmann::json& c : calls) {
    if (!c.is_object() || c.contains("at") || !c.contains("frames") || !c["frames"].is_array()) continue;
    for (const nlohmann::json& f : c["frames"])
      if (f.is_string() && f.get<std::string>().rfind("0x", 0) == 0 && f.get<std::string>().size() <= 18 &&
          !index.count(f.get<std::string>()) && addresses.size() < kMaxAddresses) {
        index[f.get<std::string>()] = addresses.size();
        addresses.push_back(f.get<std::string>());
      }
  }
  if (addresses.empty()) return;
  ProcessRequest req;
  req.argv = {"addr2line", "-i", "-a", "-e", executable};
  req.argv.insert(req.argv.end(), addresses.begin(), addresses.end());
  req.timeout_s = 30;
  req.max_output_bytes = 16u << 20;
  const ProcessResult r = run_process(req);
  if (!r.ok()) return;
  const std::vector<std::vector<std::string>> places = parse_addr2line(r.out, addresses.size());
  const std::string student = file_name(source);
  for (nlohmann::json& c : calls) {
    if (!c.is_object() || c.contains("at") || !c.contains("frames") || !c["frames"].is_array()) continue;
    for (const nlohmann::json& f : c["frames"]) {
      const auto it = f.is_string() ? index.find(f.get<std::string>()) : index.end();
      if (it == index.end()) continue;
      for (const std::string& place : places[it->second]) {
        const auto [file, line] = split_place(place);
        if (file_name(file) == student && line > 0) {
          c["at"] = student + ":" + std::to_string(line);
          break;
        }
      }
      if (c.contains("at")) break;
    }
  }
}

}  // namespace kit
