// Code addresses -> the student's file:line, for the reports that only the runtime can write (a hang,
// a crash in the fast build, the context of a sanitizer's death). Debug information comes from the
// runner itself, which the kit compiles with -g.
#pragma once

#include <string>
#include <vector>

namespace kitcpu::detail {

struct SourceLocation {
  std::string function;
  std::string file;  // empty when unknown
  int line = 0;
};

// One location per address, innermost first as given. Addresses are of instructions: pass a return
// address minus one to land inside the call. Uses the sanitizer's symbolizer in the checking builds
// and addr2line (binutils, installed with g++) in the fast one.
std::vector<SourceLocation> symbolize(const std::vector<const void*>& addresses);

// The same with the inlined frames: for each address, the innermost location first, then each function
// it was inlined into, out to the one that holds the code. A kernel's accesses inside an inlined helper
// (__ldg, a __device__ function) thus still lead to the kernel's line, and a call made through an inlined
// template of the backend's headers (cudaMalloc<T>) to the caller's line. addr2line in every flavour.
std::vector<std::vector<SourceLocation>> symbolize_inlined(const std::vector<const void*>& addresses);

// The first location in the student's file (`student_file` as the #line directive names it, matched
// exactly, as a path suffix, or by file name), or nullptr.
const SourceLocation* first_in_file(const std::vector<SourceLocation>& locations, const std::string& student_file);

// The code addresses of the calling thread's stack, innermost first, above `skip` frames of its own.
std::vector<const void*> current_stack(int skip);

}  // namespace kitcpu::detail
