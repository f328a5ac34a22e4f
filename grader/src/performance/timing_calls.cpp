#include "performance/timing_calls.h"

#include <algorithm>
#include <map>

namespace kit {

std::string call_site(const nlohmann::json& call) {
  const std::string where = call.value("at", "");
  return where.empty() ? "" : " at " + where;
}

bool waits_for_event(const nlohmann::json& call) {
  const std::string name = call.value("call", "");
  if (name == "cudaEventSynchronize") return true;
  return name == "cudaEventQuery" && call.value("result", "cudaSuccess") == "cudaSuccess";
}

// Why the events cannot have timed the kernel, from the order of the calls: "" when an elapsed time was
// read between two events recorded around launches, after the second was waited for.
std::string events_misused(const std::vector<nlohmann::json>& calls) {
  std::map<int, std::size_t> last_record;  // event -> index of its last cudaEventRecord
  bool any_elapsed = false;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const std::string call = calls[i].value("call", "");
    if (call == "cudaEventRecord") last_record[calls[i].value("event", -1)] = i;
    if (call != "cudaEventElapsedTime") continue;
    any_elapsed = true;
    const int start = calls[i].value("event", -1), stop = calls[i].value("end_event", -1);
    if (!last_record.count(start) || !last_record.count(stop))
      return "cudaEventElapsedTime" + call_site(calls[i]) + " reads an event that was never recorded";
    bool launched = false, waited = false;
    for (std::size_t k = last_record[start]; k < last_record[stop]; ++k)
      launched = launched || calls[k].value("call", "") == "launch";
    for (std::size_t k = last_record[stop]; k < i; ++k) {
      const std::string c = calls[k].value("call", "");
      waited = waited || c == "cudaDeviceSynchronize" || c == "cudaStreamSynchronize" ||
               (waits_for_event(calls[k]) && calls[k].value("event", -1) == stop);
    }
    if (!launched) return "no kernel was launched between the two events read" + call_site(calls[i]);
    if (!waited)
      return "cudaEventElapsedTime" + call_site(calls[i]) + " is called before the stop event is waited for: the launches "
             "return at once, so call cudaEventSynchronize(stop) first, or poll cudaEventQuery(stop) until it returns "
             "cudaSuccess (on a GPU the time is not ready yet)";
  }
  if (!any_elapsed)
    return "no cudaEventElapsedTime call was made, so event_ms did not come from events: a host clock read right "
           "after the launches, without synchronising, sees only the launches being queued, not the kernel";
  return {};
}

std::vector<EventRead> event_reads(const std::vector<nlohmann::json>& calls) {
  std::map<int, std::size_t> last_record;
  std::vector<EventRead> reads;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const std::string call = calls[i].value("call", "");
    if (call == "cudaEventRecord") last_record[calls[i].value("event", -1)] = i;
    if (call != "cudaEventElapsedTime" || !calls[i].contains("elapsed_ms")) continue;
    const auto start = last_record.find(calls[i].value("event", -1));
    const auto stop = last_record.find(calls[i].value("end_event", -1));
    if (start == last_record.end() || stop == last_record.end()) continue;
    EventRead read{calls[i].value("elapsed_ms", 0.0), 0, call_site(calls[i]), 0};
    for (std::size_t k = std::min(start->second, stop->second); k < std::max(start->second, stop->second); ++k) {
      if (calls[k].value("call", "") != "launch") continue;
      ++read.launches;
      read.launch_ms = read.launch_ms >= 0 && calls[k].contains("took_ms") ? read.launch_ms + calls[k].value("took_ms", 0.0)
                                                                           : -1;
    }
    reads.push_back(read);
  }
  return reads;
}

LaunchShape first_launch(const std::vector<nlohmann::json>& calls) {
  for (const nlohmann::json& c : calls)
    if (c.value("call", "") == "launch")
      return {c.value("kernel", ""), c.value("grid", nlohmann::json()), c.value("block", nlohmann::json())};
  return {};
}

std::vector<double> launch_durations(const std::vector<nlohmann::json>& calls, const LaunchShape& shape) {
  std::vector<double> took;
  if (shape.kernel.empty()) return took;
  for (const nlohmann::json& c : calls)
    if (c.value("call", "") == "launch" && c.value("kernel", "") == shape.kernel &&
        c.value("grid", nlohmann::json()) == shape.grid && c.value("block", nlohmann::json()) == shape.block &&
        c.value("result", "cudaSuccess") == "cudaSuccess" && c.contains("took_ms"))
      took.push_back(c.value("took_ms", 0.0));
  return took;
}

std::vector<const nlohmann::json*> events_left_alive(const std::vector<nlohmann::json>& calls, int* created) {
  std::map<int, const nlohmann::json*> alive;
  *created = 0;
  for (const nlohmann::json& c : calls) {
    const std::string call = c.value("call", "");
    if (call == "cudaEventCreate" || call == "cudaEventCreateWithFlags") {
      alive[c.value("event", -1)] = &c;
      ++*created;
    }
    if (call == "cudaEventDestroy") alive.erase(c.value("event", -1));
  }
  std::vector<const nlohmann::json*> left;
  for (const auto& [id, call] : alive) left.push_back(call);
  return left;
}

}  // namespace kit
