// The files the rewriter produced, as each named itself at startup (kitcpu/detail/student_file.h): a
// stack frame in one of them is the student's own code.
#pragma once

#include <string>
#include <vector>

#include "symbolizer.h"

namespace kitcpu::detail {

// Every registered file, in registration order.
std::vector<std::string> student_files();

// The innermost location in a student's file, or nullptr; `*name` receives the file's name as the
// rewriter gave it (the debug information may hold it with the compiler's directory in front).
const SourceLocation* first_in_student_file(const std::vector<SourceLocation>& locations,
                                            std::string* name = nullptr);

// Where a call or a fault in host code was made, as a message names it: the innermost location in a
// student's file, else the innermost one in a file that is neither the backend's own headers nor a
// system or C library file (a harness, the runner). Empty file when there is none.
SourceLocation caller_location(const std::vector<SourceLocation>& locations);

}  // namespace kitcpu::detail
