// assert() inside a kernel. glibc's assert macro calls __assert_fail; the runtime library defines it,
// and the linker takes this definition before the C library's. Outside a kernel it behaves exactly
// like glibc's; inside one it reports the CUDA thread like a GPU's device-side assert and ends the
// run (a GPU's context is unusable after one too).
#include <assert.h>
#include <errno.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <kitcpu/run_protocol.h>
#include "diagnostic_sink.h"

extern "C" void __assert_fail(const char* assertion, const char* file, unsigned int line,
                              const char* function) noexcept {
  kitcpu::Diagnostic d;
  if (!kitcpu::detail::describe_current_cuda_thread(d)) {
    std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line,
                 function, assertion);
    std::fflush(stderr);
    std::abort();
  }
  d.severity = "error";
  d.category = kitcpu::category::kAssert;
  d.file = file;
  d.line = static_cast<int>(line);
  d.message = std::string("assertion `") + assertion + "' failed in " + function;
  d.hint = "the asserted condition is false for this thread: check the indices it computes from "
           "threadIdx and blockIdx against the sizes it assumes";
  kitcpu::detail::report_fatal(d);
}
