// Turns a CUDA source file into C++ that g++ compiles against the CPU backend's headers.
//
// Only what a host compiler cannot parse, or what the backend must see, is rewritten; everything else
// is left byte for byte, and every original line stays on its line number (a `#line` directive names
// the student's file), so compiler errors and diagnostics point at the student's own file:line.
//
//   kernel<<<grid, block[, shared_bytes[, stream]]>>>(args)
//       -> a call of kitcpu::launch (launch.h) with the launch site and the kernel's name
//   __shared__ T name[A][B];             (inside a function)
//       -> a reference to per-block storage (shared_memory.h)
//   extern __shared__ T name[];
//       -> a pointer to the block's dynamic shared memory, sized by the launch
//   the closing brace of every __global__ function
//       -> preceded by a call that marks the thread as having finished the kernel normally
//
//   __noinline__
//       -> __attribute__((noinline)) (a macro would break libstdc++, which uses that name itself)
//
// Launches inside #define bodies and files other than the one rewritten (headers) are not rewritten.
#pragma once

#include <stdexcept>
#include <string>

namespace kitcpu {

// A construct the rewriter cannot turn into C++ (a malformed launch, an unterminated comment...).
struct RewriteError : std::runtime_error {
  RewriteError(int line_number, const std::string& message, bool valid_cuda = false)
      : std::runtime_error(message), line(line_number), unsupported(valid_cuda) {}
  int line;          // 1-based line of the student's file
  bool unsupported;  // the file is valid CUDA the backend does not run (not a thing for the student to change)
};

// `display_path` is how diagnostics and compiler errors will name the file (it goes into #line).
std::string rewrite_cuda_source(const std::string& source, const std::string& display_path);

}  // namespace kitcpu
