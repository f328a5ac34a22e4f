// How a correctness run ended, read from what the grader itself saw (the process's ending, the
// conversation) and from what the run left (the CPU backend's diagnostics, a sanitizer's or
// compute-sanitizer's report): everything that stops a run before its outputs can be judged. Pure: the
// caller takes the files in (run_files.h) and hands over their contents.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <kitcpu/diagnostic.h>

#include "os/process.h"
#include "run/finding.h"
#include "run/run_mode.h"
#include "run/run_verdict.h"

namespace kit {

// The CPU backend's reports of one run, as a student reads them, and the finding they lead with.
struct CpuReports {
  std::string diagnostics;       // the runtime's diagnostics (KITCPU_REPORT), formatted
  bool error = false;            // one of them was an error
  std::optional<Finding> first;  // the first error, of the runtime's then the sanitizer's
  std::string sanitizer;         // the sanitizer's reports, parsed and formatted
  // The first of the sanitizer's own with a category: for a race, the parsed report knows what the
  // runtime's hook does not (which accesses, which memory), so a race detector's run is named by it.
  std::optional<Finding> sanitizer_first;
  std::optional<Finding> first_warning;  // the runtime's first warning (a thread that returned before a barrier)
};

// `runtime`: the diagnostics the runtime wrote; `sanitizer`: those parsed from a checking build's stderr.
CpuReports read_cpu_reports(const std::vector<kitcpu::Diagnostic>& runtime,
                            const std::vector<kitcpu::Diagnostic>& sanitizer);

struct RunEnding {
  RunMode mode = RunMode::plain;
  ProcessResult process;
  std::string tampered;       // why the files the run left cannot be read, or ""
  std::string record_cut;     // why the record of calls cannot be believed, or ""
  std::string harness_error;  // the runner could not start the case, or ""
  std::string source;         // the student's file, as compute-sanitizer's report names it
  double timeout_s = 0;       // the run's time limit
  double stall_timeout_s = 0;  // the run's stall limit
  std::string label;          // "[thread order reverse] "
};

// Stops `v` (stop_run) when the run ended before its outputs could be judged, and says so.
bool read_ending(const RunEnding& ending, const CpuReports& reports, RunVerdict& v);

// The program's stdout and stderr, one after the other.
std::string program_output(const ProcessResult& p);

// The last line the program wrote (standard error first: where a program's own error message goes), as
// one line a report can show: control characters made spaces, invalid UTF-8 replaced, at most 200
// bytes. "" when it wrote nothing.
std::string program_last_words(const ProcessResult& p);

// What follows a headline of a run that stopped: the CPU backend's diagnostics, or nothing.
std::string under_headline(const CpuReports& reports);

}  // namespace kit
