#include "commands/report_output.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "reports/report_classroom.h"
#include "reports/report_gradescope.h"
#include "reports/report_json.h"
#include "reports/report_junit.h"
#include "reports/report_text.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

bool colour_wanted() { return ::isatty(1) && !std::getenv("NO_COLOR"); }

std::string render(const GradeResult& r, const std::string& format, const TextReportOptions& text) {
  if (format == "json") return render_json(r);
  if (format == "gradescope") return render_gradescope(r);
  if (format == "junit") return render_junit(r);
  if (format == "classroom") return render_classroom(r);
  return render_text(r, text);
}

// The text report for the terminal: colours when it is one, the time per stage with --verbose.
TextReportOptions terminal_text(bool verbose) {
  TextReportOptions text;
  text.colour = colour_wanted();
  text.verbose = verbose;
  text.one_screen = !verbose;
  return text;
}

}  // namespace

CLI::Option* add_report_flags(CLI::App* command, ReportFlags& flags) {
  static const std::vector<std::string> formats = {"text", "json", "gradescope", "junit", "classroom"};
  static const std::vector<std::string> backends = {"auto", "cuda", "cpu"};
  command->add_option("assignment", flags.assignment, "the assignment, e.g. matmul-tiled")->required();
  CLI::Option* submission = command->add_option("--submission", flags.submission, "the student's file, or the folder holding it");
  command->add_option("--backend", flags.backend, "auto (GPU if usable, else CPU), cuda or cpu")
      ->check(CLI::IsMember(backends));
  command->add_option("--format", flags.format, "text, json, gradescope, junit or classroom (GitHub Classroom's reporter)")
      ->check(CLI::IsMember(formats));
  command->add_option("--output", flags.output, "write the report to this file (the text report still goes to the terminal)");
  command->add_option("--pictures", flags.pictures,
                      "where the pictures of a failed picture test go (default: beside --output as <name>-pictures, "
                      "else grader-pictures)");
  command->add_flag("--unsandboxed", flags.unsandboxed, kUnsandboxedHelp);
  command->add_option("--jobs", flags.jobs, "correctness tests run side by side (default: the cores, at most 8)")
      ->check(CLI::Range(1, 256));
  command->add_option("--prepared", flags.prepared,
                      "the folder a batch prepared for its gradings of this assignment and backend (prepared.json, "
                      "references/, builds/, harness/, timing.lock): its caches and GPU timing lock are shared; "
                      "docs/batch.md");
  command->add_flag("--verbose", flags.verbose,
                    "add where the grading's time went (setup, builds, runs, timing) to the text report");
  return submission;
}

void check_output_path(const std::string& output) {
  if (output.empty()) return;
  const fs::path target(output);
  std::error_code ec;
  if (target.has_parent_path() && !fs::is_directory(target.parent_path(), ec))
    throw UserError("cannot write --output " + output + ": the folder " + target.parent_path().string() +
                    " does not exist");
  if (fs::is_directory(target, ec))
    throw UserError("cannot write --output " + output + ": it is a folder; give a file path");
  // Tried now, with the file the report is written through, so that a path that cannot be written costs
  // no grading.
  const std::string probe = output + ".partial";
  const bool existed = fs::exists(probe, ec);
  if (!std::ofstream(probe, std::ios::app))
    throw UserError("cannot write --output " + output + ": permission denied in " +
                    (target.has_parent_path() ? target.parent_path().string() : std::string(".")) +
                    "; nothing was graded, give a path you can write");
  if (!existed) fs::remove(probe, ec);
}

void emit_report(const GradeResult& r, const ReportFlags& flags) {
  const TextReportOptions terminal = terminal_text(flags.verbose);
  if (flags.output.empty()) {
    std::cout << render(r, flags.format, terminal);
    return;
  }
  const std::string temporary = flags.output + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) {
      std::cout << render_text(r, terminal);  // the grade still reaches the terminal
      throw UserError("cannot write --output " + flags.output + ": permission denied or not a file path");
    }
    TextReportOptions file_text;
    file_text.verbose = flags.verbose;
    out << render(r, flags.format, file_text);
  }
  fs::rename(temporary, flags.output);
  std::cout << render_text(r, terminal);
  std::cout << "report written to " << flags.output << " (" << flags.format << ")\n";
}

bool check_passes(const GradeResult& r) {
  bool some_passed = false;
  for (const TestResult& t : r.tests) {
    if (t.status == TestStatus::failed) return false;
    some_passed = some_passed || t.status == TestStatus::passed;
  }
  return some_passed;
}

}  // namespace kit
