// The source line of each runtime call a cuda runner recorded: its wrappers report the return addresses
// on the stack (grader/runner/call_site.h), and the grader resolves them with the runner's debug
// information (binutils' addr2line), outside the student's sandbox. The CPU backend's record names its
// lines itself.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kit {

// Sets "at" ("vector_add.cu:31") on every call that has "frames" and no "at": the first frame, inlined
// ones included, in the student's file `source` (its file name is what counts). A call none of whose
// frames is in that file keeps no "at"; without addr2line nothing changes.
void place_calls(std::vector<nlohmann::json>& calls, const std::string& executable, const std::string& source);

// addr2line's answer for `addresses` (its -i -a form) as, per address, the "file:line" of each frame,
// innermost first. Split out for the tests.
std::vector<std::vector<std::string>> parse_addr2line(const std::string& text, std::size_t addresses);

}  // namespace kit
