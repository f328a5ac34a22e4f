// Taking in a submission: the student's file(s), given as a path that may be anything (a symlink to the
// solutions, a fifo that blocks, a name with shell characters or a newline, a 2 GB file), copied into the
// grading's work folder under the names the rubric fixes. From then on only those copies and their fixed
// names reach compilers, tools and reports; the user's path string appears in messages only, escaped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kit {

// A file the rubric names besides the graded sources (answers.yaml, for written questions), looked for
// where they are: in the submission folder, or beside the submitted file. It is as hostile as a source and
// taken in the same way, but it is optional, and it is graded by the check that reads it, not by the build:
// missing is not an error, and a link, fifo, device or folder in its place, a file too large or one that is
// not text is recorded as its problem instead of refusing the submission, so that the code is still graded.
struct ExtraFile {
  std::string name;                     // a plain file name: "answers.yaml"
  std::uint64_t max_bytes = 64 * 1024;  // larger is a problem: "answers.yaml is 200000 bytes; answers may ..."
  std::string holds = "it";             // what the file holds, for that message: "answers"
  std::string advice;                   // what to do about it: "write short answers"
};

struct IntakeOptions {
  std::uint64_t max_file_bytes = 1 << 20;  // a source file larger than this is a content problem
  std::vector<ExtraFile> extra_files;      // taken in when the student submitted them
};

struct IntakeFile {
  std::string name;     // the fixed name from the rubric: "matmul_naive.cu"
  std::string path;     // its copy in the work folder; empty when `problem` is set or the file is missing
  std::string problem;  // non-empty when the content cannot be graded: "not C/CUDA source text: NUL byte at offset 12"
  bool missing = false; // an extra file the student did not submit (a source is never missing: that throws)
};

struct Intake {
  std::vector<IntakeFile> files;   // one per expected name, in the rubric's order
  std::vector<IntakeFile> extras;  // one per IntakeOptions::extra_files, in its order
  // The first content problem of the sources, "" when none: the caller grades it as a failed build. An
  // extra file's problem is not among them: the check that reads the file grades it.
  std::string problem() const;
  // The extra file `name` as it was taken in; nullptr when the options did not name it.
  const IntakeFile* extra(const std::string& name) const;
};

// `user_path` is the student's file or a folder holding the expected files. Throws kit::UserError (the CLI
// exits 2 with its message) for what the person running the grader must fix: a missing path, a symbolic
// link, a fifo, device or folder where a file belongs, a file with the wrong name. A file that is there but
// cannot be graded (too large, not text) is reported in Intake, not thrown: that is the student's grade.
// The extra files of `options` are taken in from the same folder (see ExtraFile). `work_dir` must exist;
// the copies are created in it and must not exist yet.
Intake take_in_submission(const std::string& user_path, const std::vector<std::string>& expected_names,
                          const std::string& work_dir, const IntakeOptions& options = {});

// Why `text` is not C/CUDA source text ("NUL byte at offset 12", "invalid UTF-8 at offset 3"), or "".
std::string source_text_problem(const std::string& text);

// Why a student's source file cannot be graded, or "": a NUL byte anywhere, or bytes that are not UTF-8
// in its code or its string and character literals (nvcc refuses those). Inside comments any bytes are
// accepted, as the compilers accept them.
std::string source_file_problem(const std::string& text);

// `path` for a message: printable, quoted, with control characters escaped (a newline in a file name
// must not start a fake line in the grader's output).
std::string quoted_for_message(const std::string& path);

}  // namespace kit
