// Where an access site (the return address of an instrumentation call) is in the student's source:
// file and line from the symbolizer, following inlined frames out to the student's file, and the
// column from the line-number table when the access itself is on that line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kitcpu::detail {

struct SiteLocation {
  std::string file;  // the matching entry of `student_files` when the site is in one of them
  int line = 0;
  int column = 0;
};

// One location per site, in order. `student_files`: the files kernels were launched from, as their
// launches name them (__FILE__ of the rewritten file).
std::vector<SiteLocation> locate_sites(const std::vector<std::uintptr_t>& sites,
                                       const std::vector<std::string>& student_files);

}  // namespace kitcpu::detail
