// The student's file names itself to the runtime: the rewriter puts a call of this before the file's
// first line. Frames in that file are the student's code, the rest is the harness, the runner or the
// backend; faults in host code and the record of runtime calls are attributed with it.
#pragma once

namespace kitcpu::detail {

// `path` as the rewriter names the file (the #line name). Returns true, for a static initializer.
bool register_student_file(const char* path);

}  // namespace kitcpu::detail
