#include "run/run_ending.h"

#include <regex>

#include <kitcpu/run_protocol.h>

#include "run/compute_sanitizer_report.h"
#include "run/finding_headline.h"
#include "util/text.h"

namespace kit {
namespace {

void append_report(std::string& text, const std::string& line) { text += (text.empty() ? "" : "\n") + line; }

// Where the grader itself saw the run go wrong: a start failure, its files or channel tampered with.
std::string seen_by_the_grader(const RunEnding& e) {
  if (!e.process.start_error.empty()) return "crashed: " + e.process.start_error;
  if (!e.tampered.empty()) return "the program tampered with the grader's files: " + e.tampered;
  if (!e.record_cut.empty()) return "the program tampered with the grader's channel: " + e.record_cut;
  if (!e.harness_error.empty()) return "the harness failed: " + e.harness_error;
  return {};
}

bool read_tampering(const RunEnding& e, RunVerdict& v) {
  const std::string why = seen_by_the_grader(e);
  if (why.empty()) return false;
  stop_run(v, why, "", e.label, program_output(e.process));
  return true;
}

// "out-of-bounds write", "out-of-bounds shared memory read", "invalid memory access": memcheck's finding.
std::string memcheck_access(Category c) {
  switch (c) {
    case Category::out_of_bounds_read: return "out-of-bounds read";
    case Category::out_of_bounds_write: return "out-of-bounds write";
    case Category::shared_out_of_bounds_read: return "out-of-bounds shared memory read";
    case Category::shared_out_of_bounds_write: return "out-of-bounds shared memory write";
    default: return "invalid memory access";
  }
}

// compute-sanitizer's verdict is its exit code; its report names the line.
bool read_compute_sanitizer(const RunEnding& e, RunVerdict& v) {
  const ProcessResult& p = e.process;
  if (!under_compute_sanitizer(e.mode) || p.exit_code != kitcpu::kComputeSanitizerExitCode) return false;
  const std::string report = p.out + p.err;
  const std::string lines = "\n" + sanitizer_findings(report, e.source);
  if (e.mode == RunMode::racecheck) {
    v.finding = racecheck_finding(report, e.source);
    stop_run(v, "missing __syncthreads suspected: compute-sanitizer's racecheck found a shared-memory race", lines,
             e.label, "");
    return true;
  }
  v.finding = memcheck_finding(report, e.source);
  const Diagnosis d = diagnosis_of(v.finding);
  const std::string where = d.line > 0 ? " at " + d.file + ":" + std::to_string(d.line) : "";
  const std::string what = memcheck_access(v.finding.category);
  if (v.finding.category == Category::none) v.finding.category = Category::memory_error;
  stop_run(v, what + where + " (compute-sanitizer memcheck)", lines, e.label, "");
  return true;
}

// The CPU backend stopped the run: its own diagnostics name the CUDA thread; for a race, the parsed
// ThreadSanitizer report is better, naming both lines. Either way the raw sanitizer output adds nothing
// a student needs.
bool read_cpu_stop(const RunEnding& e, const CpuReports& r, RunVerdict& v) {
  const ProcessResult& p = e.process;
  if (p.exit_code != kitcpu::kFatalDiagnosticExitCode && !(r.error && !p.ok()) && r.sanitizer.empty()) return false;
  // A stop with no error reported names no category of the backend's. A race detector's run is named by
  // the parsed report: two stores to one global element are a write conflict, not a missing barrier.
  const Finding first = e.mode == RunMode::tsan && r.sanitizer_first ? *r.sanitizer_first
                        : r.first                                   ? *r.first
                                                                    : Finding{Category::reported};
  // The CPU backend's watchdog stopped it before the time limit did.
  v.timed_out = stopped_by_watchdog(first.category);
  const bool sanitizer_first = (e.mode == RunMode::tsan && !r.sanitizer.empty()) || r.diagnostics.empty();
  const std::string& text = sanitizer_first ? r.sanitizer : r.diagnostics;
  v.finding = first;
  stop_run(v, headline_for(first), "\n" + text, e.label, "");
  return true;
}

// The process ended in a way the grader saw itself: stalled, out of time, a flooded channel, a signal.
bool read_process_end(const RunEnding& e, const CpuReports& r, RunVerdict& v) {
  const ProcessResult& p = e.process;
  const std::string output = program_output(p);
  v.timed_out = p.timed_out;
  v.stopped_by_clock = p.timed_out || p.stalled;
  if (p.stalled) {
    v.finding.category = Category::hang;
    const std::string limit = under_compute_sanitizer(e.mode) ? "limits.run_seconds times " +
                                                                    std::to_string(kSanitizerSlowdown) +
                                                                    " under compute-sanitizer"
                                                              : "limits.run_seconds";
    // The grader sees only that the function has not returned: a kernel or its host code may hold it.
    stop_run(v, "the function did not return: one run went on for more than " +
                    std::to_string(static_cast<int>(e.stall_timeout_s)) + " s (" + limit +
                    "), where a correct one takes milliseconds: a kernel that never ends (an endless loop, or "
                    "a barrier some threads never reach), or host code that never returns",
             under_headline(r), e.label, output);
    return true;
  }
  if (p.timed_out) {
    v.finding.category = Category::timeout;
    stop_run(v, "timed out after " + std::to_string(static_cast<int>(e.timeout_s)) +
                    " s: an endless loop, or a kernel far too slow for this size",
             under_headline(r), e.label, output);
    return true;
  }
  if (p.channel_flooded || p.channel_garbled) {
    stop_run(v, "the program " + describe_ending(p, e.timeout_s), "", e.label, output);
    return true;
  }
  if (p.signal) {
    v.finding.category = Category::crash;
    stop_run(v, "crashed: " + describe_ending(p, e.timeout_s), under_headline(r), e.label, output);
    return true;
  }
  return false;
}

// The CPU runtime's messages point at the sanitizer's own report "above" them on the run's stderr; a
// grading shows its reading of that report, never the report, so the pointer would lead nowhere.
std::string without_pointer_to_raw_report(const std::string& text) {
  static const std::regex pointer(R"( \(the [A-Za-z]+ report above [^)]*\)|; the [A-Za-z]+ report above has the details(?=\)))");
  return std::regex_replace(text, pointer, "");
}

// The text a student reads of each diagnostic; the formatter is the CPU backend's, built only with it
// (a GPU host without the backend reads no diagnostics).
std::string diagnostic_text(const kitcpu::Diagnostic& d) {
#ifdef KIT_HAVE_CPU_BACKEND
  return without_pointer_to_raw_report(kitcpu::format_diagnostic(d));
#else
  return without_pointer_to_raw_report(d.message);
#endif
}

}  // namespace

CpuReports read_cpu_reports(const std::vector<kitcpu::Diagnostic>& runtime,
                            const std::vector<kitcpu::Diagnostic>& sanitizer) {
  CpuReports r;
  // The first error with a category leads; one without is replaced by the next error.
  bool settled = false;
  for (const kitcpu::Diagnostic& d : runtime) {
    if (d.severity == "error") {
      r.error = true;
      if (!settled) r.first = finding_from_cpu(d);
      settled = settled || !d.category.empty();
    } else if (!r.first_warning) {
      r.first_warning = finding_from_cpu(d);
    }
    append_report(r.diagnostics, diagnostic_text(d));
  }
  for (const kitcpu::Diagnostic& d : sanitizer) {
    if (!r.sanitizer_first && !d.category.empty()) r.sanitizer_first = finding_from_cpu(d);
    if (!settled) r.first = finding_from_cpu(d);
    settled = settled || !d.category.empty();
    append_report(r.sanitizer, diagnostic_text(d));
  }
  return r;
}

bool read_ending(const RunEnding& e, const CpuReports& r, RunVerdict& v) {
  return read_tampering(e, v) || read_compute_sanitizer(e, v) || read_cpu_stop(e, r, v) || read_process_end(e, r, v);
}

std::string program_output(const ProcessResult& p) {
  return p.out + (p.out.empty() || p.err.empty() ? "" : "\n") + p.err;
}

std::string program_last_words(const ProcessResult& p) {
  constexpr std::size_t kMost = 200;
  for (const std::string* text : {&p.err, &p.out}) {
    std::size_t end = text->find_last_not_of(" \t\r\n");
    if (end == std::string::npos) continue;
    const std::size_t start = text->rfind('\n', end) == std::string::npos ? 0 : text->rfind('\n', end) + 1;
    std::string line = with_invalid_utf8_replaced(std::string_view(*text).substr(start, end + 1 - start));
    for (char& c : line)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    if (line.size() > kMost) {
      std::size_t cut = kMost;
      while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
      line = line.substr(0, cut) + "...";
    }
    return line;
  }
  return "";
}

std::string under_headline(const CpuReports& r) { return r.diagnostics.empty() ? "" : "\n" + r.diagnostics; }

}  // namespace kit
