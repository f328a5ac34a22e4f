#include "symbolizer.h"

#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// "file:line", "file:line (discriminator 2)", or "??:0".
void parse_file_line(const std::string& text, SourceLocation& out) {
  const std::string clean = text.substr(0, text.find(" ("));
  const auto colon = clean.rfind(':');
  if (colon == std::string::npos) return;
  const std::string file = clean.substr(0, colon);
  const int line = std::atoi(clean.c_str() + colon + 1);
  if (file == "??" || line <= 0) return;
  out.file = file;
  out.line = line;
}

#if KITCPU_SANITIZED

// The sanitizers' symbolizer gives the innermost frame of an address only, not the functions it was
// inlined into: symbolize_inlined uses addr2line in every flavour.
std::vector<std::vector<SourceLocation>> symbolize_all(const std::vector<const void*>& addresses) {
  std::vector<std::vector<SourceLocation>> out(addresses.size());
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    char buffer[4096] = {};
    // The sanitizer prints one entry per inlined frame, innermost first.
    __sanitizer_symbolize_pc(const_cast<void*>(addresses[i]), "%f\x1f%s:%l\x1e", buffer, sizeof buffer);
    const std::string entries = buffer;
    for (std::size_t begin = 0; begin < entries.size();) {
      std::size_t end = entries.find('\x1e', begin);
      if (end == std::string::npos) end = entries.size();
      const std::string entry = entries.substr(begin, end - begin);
      begin = end + 1;
      const auto separator = entry.find('\x1f');
      if (separator == std::string::npos) continue;
      SourceLocation location;
      location.function = entry.substr(0, separator);
      parse_file_line(entry.substr(separator + 1), location);
      out[i].push_back(location);
    }
  }
  return out;
}

#endif

// addr2line wants addresses relative to the module when the module is position independent.
bool is_position_independent(const void* base) {
  return static_cast<const Elf64_Ehdr*>(base)->e_type == ET_DYN;
}

std::vector<std::vector<SourceLocation>> symbolize_with_addr2line(const std::vector<const void*>& addresses) {
  std::vector<std::vector<SourceLocation>> out(addresses.size());
  std::map<std::string, std::vector<std::size_t>> by_module;
  std::map<std::size_t, std::uintptr_t> module_address;
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    Dl_info info;
    if (dladdr(addresses[i], &info) == 0 || info.dli_fname == nullptr || info.dli_fbase == nullptr) continue;
    std::string module = info.dli_fname;
    if (module.empty() || module.find('/') == std::string::npos) module = "/proc/self/exe";
    const auto pc = reinterpret_cast<std::uintptr_t>(addresses[i]);
    module_address[i] = is_position_independent(info.dli_fbase) ? pc - reinterpret_cast<std::uintptr_t>(info.dli_fbase)
                                                               : pc;
    by_module[module].push_back(i);
  }
  for (const auto& [module, indices] : by_module) {
    std::string quoted;  // single-quoted for the shell
    for (char c : module) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    // -a prints each address before its frames, which -i makes one or more (function, file:line) pairs.
    std::string command = "addr2line -C -f -i -a -e '" + quoted + "'";
    for (std::size_t i : indices) {
      char hex[32];
      std::snprintf(hex, sizeof hex, " 0x%llx", static_cast<unsigned long long>(module_address[i]));
      command += hex;
    }
    command += " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) continue;
    char line[4096];
    std::size_t next = 0;  // position in `indices` of the address the next "0x..." line opens
    std::vector<SourceLocation>* frames = nullptr;
    while (std::fgets(line, sizeof line, pipe) != nullptr) {
      const std::string text(line, std::strcspn(line, "\n"));
      // No function name starts with "0x": an identifier cannot begin with a digit.
      if (text.compare(0, 2, "0x") == 0) {
        frames = next < indices.size() ? &out[indices[next++]] : nullptr;
        continue;
      }
      if (frames == nullptr) continue;
      SourceLocation location;
      location.function = text;
      if (std::fgets(line, sizeof line, pipe) == nullptr) break;
      parse_file_line(std::string(line, std::strcspn(line, "\n")), location);
      frames->push_back(location);
    }
    pclose(pipe);
  }
  return out;
}

#if !KITCPU_SANITIZED
std::vector<std::vector<SourceLocation>> symbolize_all(const std::vector<const void*>& addresses) {
  return symbolize_with_addr2line(addresses);
}
#endif

}  // namespace

std::vector<SourceLocation> symbolize(const std::vector<const void*>& addresses) {
  std::vector<SourceLocation> innermost;
  for (std::vector<SourceLocation>& frames : symbolize_all(addresses)) {
    innermost.push_back(frames.empty() ? SourceLocation{} : std::move(frames.front()));
  }
  return innermost;
}

std::vector<std::vector<SourceLocation>> symbolize_inlined(const std::vector<const void*>& addresses) {
  return symbolize_with_addr2line(addresses);
}

const SourceLocation* first_in_file(const std::vector<SourceLocation>& locations, const std::string& student_file) {
  if (student_file.empty()) return nullptr;
  for (const SourceLocation& l : locations) {
    if (!l.file.empty() && (l.file == student_file || ends_with(l.file, "/" + student_file))) return &l;
  }
  const std::string name = base_name(student_file);
  for (const SourceLocation& l : locations) {
    if (!l.file.empty() && base_name(l.file) == name) return &l;
  }
  return nullptr;
}

std::vector<const void*> current_stack(int skip) {
  void* frames[64];
  const int n = backtrace(frames, 64);
  std::vector<const void*> out;
  for (int i = skip + 1; i < n; ++i) out.push_back(static_cast<const char*>(frames[i]) - 1);
  return out;
}

}  // namespace kitcpu::detail
