#include "call_site.h"

#include <dlfcn.h>
#include <execinfo.h>

#include <cstdint>
#include <cstdio>

namespace kit {

nlohmann::json call_site_frames() {
  constexpr int kFrames = 12;
  void* stack[kFrames];
  const int n = backtrace(stack, kFrames);
  static const void* executable_base = [] {
    Dl_info info{};
    return dladdr(reinterpret_cast<void*>(&call_site_frames), &info) ? info.dli_fbase : nullptr;
  }();
  nlohmann::json frames = nlohmann::json::array();
  // Frame 0 is this function. The wrapper's own frames stay (inlined, a wrapper may have fewer than one
  // would count): the grader looks for the first frame in the student's file.
  for (int i = 1; i < n; ++i) {
    Dl_info info{};
    if (!dladdr(stack[i], &info) || info.dli_fbase != executable_base) continue;
    // A return address is the instruction after the call: one byte back lands inside the call.
    const auto offset = reinterpret_cast<std::uintptr_t>(stack[i]) - reinterpret_cast<std::uintptr_t>(executable_base) - 1;
    char text[32];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(offset));
    frames.push_back(text);
  }
  return frames;
}

}  // namespace kit
