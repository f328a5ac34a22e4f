// Judging where an answer came from (kit/runtime_calls.h).
#include "kit/runtime_calls.h"

namespace kit {
namespace {

std::string array_of(const nlohmann::json& end) { return end.is_object() ? end.value("array", std::string("?")) : "?"; }
std::string role_of(const nlohmann::json& end) { return end.is_object() ? end.value("role", std::string()) : ""; }
std::string at_of(const nlohmann::json& call) {
  const std::string at = call.value("at", std::string());
  return at.empty() ? "" : " at " + at;
}

}  // namespace

std::string answer_from_the_host(const std::vector<nlohmann::json>& calls) {
  int launches = 0;
  std::string read, written;
  for (const nlohmann::json& c : calls) {
    const std::string call = c.value("call", "");
    if (call == "launch") {
      ++launches;
      continue;
    }
    // Any device memory copied to the host counts, not only the inputs: copying an input into a buffer of
    // one's own first changes nothing. A kernel-only function never needs to.
    const nlohmann::json from = c.value("from", nlohmann::json::object()), to = c.value("to", nlohmann::json::object());
    if (array_of(from) != "host" && array_of(to) == "host" && read.empty())
      read = (role_of(from) == "input" ? "the input " + array_of(from) : std::string("device memory")) + " (" + call +
             at_of(c) + ")";
    if (role_of(to) == "output" && array_of(from) == "host" && written.empty())
      written = array_of(to) + " (" + call + at_of(c) + ")";
  }
  std::string why;
  if (!read.empty()) why = "your code copied " + read + " to the host";
  if (!written.empty()) why += (why.empty() ? "your code wrote the output " : " and wrote the output ") + written + " from the host";
  if (!why.empty()) return "the answer came from host code: " + why + "; it must be computed by a kernel";
  if (launches == 0) return "no kernel was launched: the result must be computed by a kernel";
  return {};
}

std::string describe_calls(const std::vector<nlohmann::json>& calls) {
  std::string text;
  for (std::size_t i = 0; i < calls.size() && i < 12; ++i) {
    const nlohmann::json& c = calls[i];
    if (c.value("call", "") == "launch")
      text += "  launch " + c.value("kernel", std::string("?")) + at_of(c) + "\n";
    else
      text += "  " + c.value("call", std::string("?")) + " " + c.value("kind", std::string()) + " from " +
              array_of(c.value("from", nlohmann::json::object())) + " to " +
              array_of(c.value("to", nlohmann::json::object())) + " (" + std::to_string(c.value("bytes", 0ull)) +
              " bytes)" + at_of(c) + "\n";
  }
  if (calls.size() > 12) text += "  ... " + std::to_string(calls.size() - 12) + " more\n";
  if (!text.empty()) text.pop_back();
  return text;
}

}  // namespace kit
