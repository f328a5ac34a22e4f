// Turns the reports that the checking builds print on stderr into the backend's diagnostics.
//
// The asan flavour of the CPU backend is compiled with AddressSanitizer and UndefinedBehaviorSanitizer,
// the tsan flavour with ThreadSanitizer. Their reports are long and name kit internals; a student needs
// one line of their own file, what went wrong there, and what to do about it.
#pragma once

#include <string>
#include <vector>

#include <kitcpu/diagnostic.h>

namespace kitcpu {

// One diagnostic per sanitizer report found in `stderr_text` (other output is ignored), in the order
// of the reports; a report repeated for the same category and student line is kept once.
//
// file:line is the first stack frame of the faulting access that lies in `student_file` (matched on the
// whole path, on a path suffix, or failing that on the file name), and `file` is then `student_file`
// itself. When no frame is in the student's file, the report's innermost located frame is used instead
// and the hint says so; a ThreadSanitizer report is dropped unless both accesses ran code of the
// student's file (a race inside the kit's own code is not the student's to fix). `kernel` is the
// outermost function of the student's file on the faulting stack. `block` and `thread` come from the
// fiber names ThreadSanitizer repeats ("block (x,y,z) thread (x,y,z)"), or from the runtime's fatal
// diagnostic printed after an AddressSanitizer or UndefinedBehaviorSanitizer report.
//
// Categories: global-out-of-bounds, shared-out-of-bounds, local-out-of-bounds, use-after-free,
// double-free, invalid-address, stack-overflow, memory-error (other AddressSanitizer reports),
// index-out-of-bounds and undefined-behaviour (UndefinedBehaviorSanitizer), data-race and thread-error
// (other ThreadSanitizer reports). Every diagnostic has severity "error" and a hint.
std::vector<Diagnostic> parse_sanitizer_output(const std::string& stderr_text,
                                               const std::string& student_file);

}  // namespace kitcpu
