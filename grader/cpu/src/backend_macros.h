// Which macro names let a file tell the CPU backend from nvcc: a preprocessor test of one of them would
// compile one program on the CPU and another under nvcc, so the rewriter refuses it
// (rewrite_preprocessor.cpp).
//
// The names come from comparing what the two define before the first line of a student's file: nvcc's
// -E -Xcompiler -dM (CUDA 13.0, both passes) against g++ -dM of kitcpu.h in each flavour (GCC 12). The
// test kitcpu.rewrite.backend_macros repeats the comparison where nvcc is installed and fails on any
// difference this list misses.
#pragma once

#include <string_view>

namespace kitcpu::detail {

enum class MacroDifference {
  none,
  nvcc,      // nvcc or its CUDA headers define it, the CPU backend does not (__CUDACC__, __CUDA_ARCH__...)
  kit,       // the CPU backend defines it, nvcc does not (KITCPU_*, threadIdx as a macro...)
  build,     // it changes with the build: nvcc's host and device passes, the CPU flavours (__SANITIZE_*...)
  standard,  // a standard header the CPU backend's prelude includes and nvcc's does not (<stdint.h>...)
};

MacroDifference macro_difference(std::string_view name);

// The reason in words, for the student: "nvcc defines it and the CPU backend does not".
const char* macro_difference_reason(MacroDifference difference);

// Whether `header` (as written between <> or "") is a header of the C or C++ standard library, the only
// headers both compilers are sure to find the same.
bool is_standard_header(std::string_view header);

}  // namespace kitcpu::detail
