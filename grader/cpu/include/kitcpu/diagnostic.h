// A finding of the CPU backend about a student's kernel, as the runtime reports it and the grader
// reads it back.
//
// The runtime appends each diagnostic as one JSON object on one line to the file named by KITCPU_REPORT
// (keys: the field names below) and prints format_diagnostic's text on stderr.
#pragma once

#include <string>
#include <vector>

namespace kitcpu {

struct Diagnostic {
  std::string severity;     // "error" | "warning"
  std::string category;     // "divergent-barrier", "early-exit-before-barrier", "hang", "assert", ...
  std::string file;         // the student's file, as the rewriter was told to name it
  int line = 0;             // 0 when unknown
  std::string kernel;       // "matmul_tiled", "transpose<float, 32>"
  std::string launch_site;  // "matmul.cu:42"
  std::string block;        // "(1,0,0)"; empty when the finding is not about one block
  std::string thread;       // "(3,15,0)"; empty when the finding is not about one thread
  std::string message;      // what happened, in one or two sentences
  std::string hint;         // one sentence on the likely cause
};

// Every diagnostic in a KITCPU_REPORT file, in the order they were written. A missing file means no
// diagnostics; a line that is not a JSON object (a report cut short by a crash) is skipped.
std::vector<Diagnostic> read_diagnostics_file(const std::string& path);

// The text a student reads:
//   error [divergent-barrier] matmul.cu:31 in kernel matmul_tiled (launched at matmul.cu:58), block
//   (0,0,0), thread (8,0,0): <message>
//     likely cause: <hint>
// (on one line up to the colon). Parts that are unknown are left out rather than printed empty.
std::string format_diagnostic(const Diagnostic& diagnostic);

// The diagnostic as one line of JSON, without the newline: what the runtime appends to KITCPU_REPORT.
std::string diagnostic_to_json_line(const Diagnostic& diagnostic);

}  // namespace kitcpu
