#include "performance/baseline_rounds.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "os/timing_lock.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

bool usable(double v) { return std::isfinite(v) && v >= 0; }

}  // namespace

std::string shared_rounds_path(const std::string& timing_lock) {
  return timing_lock.empty() ? std::string() : timing_lock + ".baselines";
}

std::string baseline_key(const std::string& name, const std::string& entry, const std::string& program,
                         const std::string& shape, const std::string& device) {
  return name + " | " + entry + " | " + program + " | " + shape + " | " + device;
}

std::vector<SharedRound> read_shared_rounds(const std::string& path, double now, const SharingRule& rule) {
  std::vector<SharedRound> rounds;
  std::ifstream in(path, std::ios::binary);
  if (!in) return rounds;
  const nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
  if (!document.is_object() || !document.contains("rounds") || !document["rounds"].is_array()) return rounds;
  for (const nlohmann::json& j : document["rounds"]) {
    if (!j.is_object()) continue;
    SharedRound r;
    try {
      r.baseline = j.at("baseline").get<std::string>();
      r.round.timed_at = j.at("timed_at").get<double>();
      r.round.median_ms = j.at("median_ms").get<double>();
      r.round.wall_median_ms = j.at("wall_median_ms").get<double>();
      r.round.samples = j.at("samples").get<int>();
      r.round.gpu_seconds = j.at("gpu_seconds").get<double>();
      r.round.wall_seconds = j.at("wall_seconds").get<double>();
      r.round.sm_clock_mhz = j.at("sm_clock_mhz").get<double>();
    } catch (const nlohmann::json::exception&) {
      continue;
    }
    const TimedRound& t = r.round;
    const bool sound = t.median_ms > 0 && usable(t.median_ms) && usable(t.wall_median_ms) && t.samples > 0 &&
                       usable(t.gpu_seconds) && usable(t.wall_seconds) && usable(t.sm_clock_mhz);
    // A round from the future is as suspect as an old one: the clock moved, and the round's age is unknown.
    if (sound && t.timed_at <= now + 1 && now - t.timed_at <= rule.window_s) rounds.push_back(r);
  }
  return rounds;
}

void write_shared_rounds(const std::string& path, const std::vector<SharedRound>& rounds) {
  nlohmann::json list = nlohmann::json::array();
  for (const SharedRound& r : rounds)
    list.push_back({{"baseline", r.baseline},
                    {"timed_at", r.round.timed_at},
                    {"median_ms", r.round.median_ms},
                    {"wall_median_ms", r.round.wall_median_ms},
                    {"samples", r.round.samples},
                    {"gpu_seconds", r.round.gpu_seconds},
                    {"wall_seconds", r.round.wall_seconds},
                    {"sm_clock_mhz", r.round.sm_clock_mhz}});
  const std::string temporary = path + ".new";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << nlohmann::json{{"rounds", list}}.dump(1) << "\n";
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary + ": " + std::strerror(errno));
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) throw std::runtime_error("cannot replace " + path + ": " + error.message());
}

int rounds_to_time(const std::vector<SharedRound>& in_window, const std::string& baseline, int wanted, double now,
                   const SharingRule& rule) {
  int have = 0;
  double newest = -1;
  for (const SharedRound& r : in_window)
    if (r.baseline == baseline) {
      ++have;
      newest = std::max(newest, r.round.timed_at);
    }
  if (have < wanted) return wanted - have;
  return now - newest > rule.fresh_s ? 1 : 0;
}

std::vector<SharedRound> newest_rounds(const std::vector<SharedRound>& rounds, const std::string& baseline, int count) {
  std::vector<SharedRound> mine;
  for (const SharedRound& r : rounds)
    if (r.baseline == baseline) mine.push_back(r);
  std::stable_sort(mine.begin(), mine.end(),
                   [](const SharedRound& a, const SharedRound& b) { return a.round.timed_at < b.round.timed_at; });
  if (static_cast<int>(mine.size()) > count) mine.erase(mine.begin(), mine.end() - std::max(0, count));
  return mine;
}

}  // namespace kit
