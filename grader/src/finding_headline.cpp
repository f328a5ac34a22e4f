#include "kit/finding_headline.h"

#include <filesystem>

namespace kit {
namespace {

namespace fs = std::filesystem;

// The longest element name a headline repeats ("Mds[15][15]", "odata[1023][1023]" fit many times).
constexpr std::size_t kMaxName = 64;

// "read", "write" or "access": what an out-of-bounds finding says it did ("out-of-bounds read of 4 bytes").
std::string access_kind(const Finding& f) {
  if (f.message.find("out-of-bounds read") != std::string::npos) return "read";
  if (f.message.find("out-of-bounds write") != std::string::npos) return "write";
  return "access";
}

// `text` when it reads as an element name (short, printable, one line), else `fallback`.
std::string name_or(const std::string& text, const std::string& fallback) {
  if (text.empty() || text.size() > kMaxName) return fallback;
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return fallback;
  return text;
}

// The element a check names first: the text of the message before `marker` ("Mds[0][3] is read ...").
std::string name_before(const std::string& message, const std::string& marker, const std::string& fallback) {
  const std::size_t at = message.find(marker);
  return at == std::string::npos ? fallback : name_or(message.substr(0, at), fallback);
}

// The element between `marker` and the next `end` ("... its input M[0][1]: ...").
std::string name_between(const std::string& message, const std::string& marker, const std::string& end,
                         const std::string& fallback) {
  const std::size_t at = message.find(marker);
  if (at == std::string::npos) return fallback;
  return name_before(message.substr(at + marker.size()), end, fallback);
}

}  // namespace

Diagnosis diagnosis_of(const Finding& f) {
  Diagnosis d;
  d.category = name_or(f.category, "unknown");
  if (f.category == "global-out-of-bounds") d.category = "out-of-bounds-" + access_kind(f);
  if (f.category == "shared-out-of-bounds") d.category = "shared-out-of-bounds-" + access_kind(f);
  if (f.category == "data-race") d.category = "missing-barrier";
  d.file = f.file.empty() ? "" : name_or(fs::path(f.file).filename().string(), "your file");
  d.line = f.line;
  return d;
}

std::string headline_for(const Finding& f) {
  const auto access = [&](const std::string& what) { return what + " " + access_kind(f); };
  std::string head;
  if (f.category == "divergent-barrier") head = "divergent __syncthreads";
  else if (f.category == "uninitialized-shared-read")
    head = name_before(f.message, " is read", "a shared element") + " read before any thread of the block stored it";
  else if (f.category == "missing-barrier")
    head = "missing __syncthreads: " + name_before(f.message, " is read", "a shared element") +
           " is stored and read by different threads with no barrier between";
  else if (f.category == "write-conflict")
    head = "two threads store " + name_before(f.message, " is stored", "one element");
  else if (f.category == "input-write")
    head = "the kernel writes its input " + name_between(f.message, "its input ", ":", "");
  else if (f.category == "hang") head = "timed out: the kernel hung";
  else if (f.category == "host-hang") head = "timed out: the host code hung";
  else if (f.category == "shared-out-of-bounds") head = access("out-of-bounds shared memory");
  else if (f.category == "global-out-of-bounds") head = access("out-of-bounds");
  else if (f.category == "data-race") head = "missing __syncthreads suspected";
  else if (f.category == "invalid-launch") head = "invalid launch configuration";
  else if (f.category == "assert") head = "a device assert failed";
  else head = "the CPU backend stopped the kernel (" + name_or(f.category, "?") + ")";
  while (!head.empty() && head.back() == ' ') head.pop_back();
  const std::string file = fs::path(f.file).filename().string();
  if (!file.empty() && f.line > 0) head += " at " + name_or(file, "your file") + ":" + std::to_string(f.line);
  return head;
}

}  // namespace kit
