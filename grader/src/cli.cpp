#include "kit/cli.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "kit/datasets.h"
#include "kit/errors.h"
#include "kit/grade.h"
#include "kit/report_gradescope.h"
#include "kit/report_json.h"
#include "kit/report_junit.h"
#include "kit/report_text.h"
#include "kit/selftest.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  done: a grade was produced (grade, datasets), or every test passed (check, selftest)\n"
    "  1  check or selftest: some test did not pass\n"
    "  2  bad usage or input: unknown assignment, missing or misnamed file, invalid rubric, no GPU for\n"
    "     --backend cuda; the message says what to do\n"
    "  3  internal error in the kit: please report it with the output\n";

bool colour_wanted() { return ::isatty(1) && !std::getenv("NO_COLOR"); }

std::string render(const GradeResult& r, const std::string& format, const TextReportOptions& text) {
  if (format == "json") return render_json(r);
  if (format == "gradescope") return render_gradescope(r);
  if (format == "junit") return render_junit(r);
  return render_text(r, text);
}

// The text report for the terminal: colours when it is one, the time per stage with --verbose.
TextReportOptions terminal_text(bool verbose) {
  TextReportOptions text;
  text.colour = colour_wanted();
  text.verbose = verbose;
  return text;
}

// Writes the report where it was asked for. A file is written whole or not at all (temporary + rename),
// and the people-readable report still goes to the terminal, so no result is lost.
// Checked before grading starts, so a mistyped path never costs a grading run.
void check_output_path(const std::string& output) {
  const fs::path target(output);
  if (!output.empty() && target.has_parent_path() && !fs::is_directory(target.parent_path()))
    throw UserError("cannot write --output " + output + ": the folder " + target.parent_path().string() +
                    " does not exist");
}

void emit(const GradeResult& r, const std::string& format, const std::string& output, bool verbose) {
  const TextReportOptions terminal = terminal_text(verbose);
  if (output.empty()) {
    std::cout << render(r, format, terminal);
    return;
  }
  const fs::path target(output);
  const std::string temporary = output + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) {
      std::cout << render_text(r, terminal);  // the grade still reaches the terminal
      throw UserError("cannot write --output " + output + ": permission denied or not a file path");
    }
    TextReportOptions file_text;
    file_text.verbose = verbose;
    out << render(r, format, file_text);
  }
  fs::rename(temporary, target);
  std::cout << render_text(r, terminal);
  std::cout << "report written to " << output << " (" << format << ")\n";
}

bool all_passed(const GradeResult& r) {
  for (const TestResult& t : r.tests)
    if (t.status != TestStatus::passed) return false;
  return true;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"grader: builds, checks and scores CUDA assignments on a GPU, or on the CPU backend without one"};
  app.footer(kExitCodes);
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");

  auto* list = app.add_subcommand("list", "list the assignments, with titles");

  std::string assignment, submission, backend = "auto", format = "text", output;
  std::uint64_t seed = 0;
  bool unsandboxed = false;
  bool verbose = false;
  const char* verbose_help = "add where the grading's time went (setup, builds, runs, timing) to the text report";
  const char* unsandboxed_help = "run student code without a sandbox (only where none can be made; the result says so)";
  const std::vector<std::string> formats = {"text", "json", "gradescope", "junit"};
  const std::vector<std::string> backends = {"auto", "cuda", "cpu"};

  auto* check = app.add_subcommand("check", "the student's loop: run the visible tests (default submission: the "
                                            "starter); exit 0 only when all pass");
  check->add_option("assignment", assignment, "the assignment, e.g. matmul-tiled")->required();
  check->add_option("--submission", submission, "your file, or the folder holding it (default: starter/<assignment>)");
  check->add_option("--backend", backend, "auto (GPU if usable, else CPU), cuda or cpu")->check(CLI::IsMember(backends));
  check->add_option("--format", format, "text, json, gradescope or junit")->check(CLI::IsMember(formats));
  check->add_option("--output", output, "write the report to this file instead of the terminal");
  check->add_flag("--unsandboxed", unsandboxed, unsandboxed_help);
  check->add_flag("--verbose", verbose, verbose_help);

  auto* grade = app.add_subcommand("grade", "grade a submission with the full rubric; exit 0 whenever a grade was "
                                            "produced, whatever the score");
  grade->add_option("assignment", assignment, "the assignment, e.g. matmul-tiled")->required();
  grade->add_option("--submission", submission, "the student's file, or the folder holding it")->required();
  grade->add_option("--backend", backend, "auto (GPU if usable, else CPU), cuda or cpu")->check(CLI::IsMember(backends));
  grade->add_option("--format", format, "text, json, gradescope or junit")->check(CLI::IsMember(formats));
  grade->add_option("--output", output, "write the report to this file (the text report still goes to the terminal)");
  grade->add_flag("--unsandboxed", unsandboxed, unsandboxed_help);
  grade->add_flag("--verbose", verbose, verbose_help);
  auto* seed_option = grade->add_option("--seed", seed, "the grading seed: draws hidden sizes and input seeds "
                                                        "(keep it secret until grades are out)");

  std::string out_dir = "datasets", data_format = "npy";
  std::size_t max_elements = 1 << 20;
  auto* datasets = app.add_subcommand("datasets", "write the visible tests' inputs and expected outputs");
  datasets->add_option("assignment", assignment, "an assignment, or all")->required();
  datasets->add_option("--out", out_dir, "the folder to write into (default: datasets)");
  datasets->add_option("--format", data_format, "npy (NumPy) or raw (GPU Teaching Kit text)")
      ->check(CLI::IsMember({"npy", "raw"}));
  datasets->add_option("--max-elements", max_elements, "skip cases with larger arrays (default 1048576)");

  std::vector<std::string> selected;
  auto* selftest = app.add_subcommand("selftest", "prove every solution earns full marks and every starter "
                                                  "builds and earns no correctness points");
  selftest->add_option("assignments", selected, "assignments to test (default: all)");
  selftest->add_option("--backend", backend, "auto, cuda or cpu")->check(CLI::IsMember(backends));
  selftest->add_flag("--unsandboxed", unsandboxed, unsandboxed_help);

  std::string function, size;
  auto* access = app.add_subcommand("access", "show how one function's kernels touch memory at one size: "
                                              "sectors per request and bank conflicts, per line on the CPU backend");
  access->add_option("assignment", assignment, "the assignment, e.g. transpose")->required();
  access->add_option("--size", size, "the size to run, e.g. 256x256 (one number for a square assignment)")->required();
  access->add_option("--submission", submission, "your file, or the folder holding it (default: starter/<assignment>)");
  access->add_option("--function", function, "which of the assignment's functions (default: the first)");
  access->add_option("--backend", backend, "auto, cuda or cpu")->check(CLI::IsMember(backends));
  access->add_flag("--unsandboxed", unsandboxed, unsandboxed_help);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }

  try {
    if (list->parsed()) {
      for (const std::string& name : list_assignments()) {
        const Rubric r = load_assignment_rubric(name);
        std::printf("%-16s %s\n", name.c_str(), r.title.c_str());
      }
      return kExitOk;
    }
    if (check->parsed() || grade->parsed()) {
      check_output_path(output);
      GradeOptions o;
      o.assignment = assignment;
      o.backend = backend;
      o.visible_only = check->parsed();
      o.unsandboxed = unsandboxed;
      if (check->parsed() && submission.empty()) {
        const Rubric r = load_assignment_rubric(assignment);
        submission = (fs::path(kit_root()) / "starter" / assignment).string();
        std::fprintf(stderr, "checking the starter, starter/%s/%s (give --submission to check your own file)\n",
                     assignment.c_str(), r.student_files.front().c_str());
      }
      o.submission = submission;
      if (*seed_option) o.seed = seed;
      const GradeResult result = grade_submission(o);
      emit(result, format, output, verbose);
      if (check->parsed()) return all_passed(result) ? kExitOk : kExitTestsFailed;
      return kExitOk;
    }
    if (datasets->parsed()) {
      std::vector<std::string> names = assignment == "all" ? list_assignments() : std::vector<std::string>{assignment};
      for (const std::string& name : names) {
        const Rubric r = load_assignment_rubric(name);
        DatasetSummary s = write_datasets(r, {out_dir, data_format, max_elements});
        std::printf("%s: %d files in %s\n", name.c_str(), s.files, s.folder.c_str());
        for (const auto& skipped : s.skipped) std::printf("  skipped %s\n", skipped.c_str());
      }
      return kExitOk;
    }
    if (access->parsed()) {
      AccessOptions o{assignment, submission, backend, function, size, unsandboxed};
      if (o.submission.empty()) o.submission = (fs::path(kit_root()) / "starter" / assignment).string();
      const AccessResult r = measure_memory_access(o);
      std::printf("%s at %s, backend %s (%s)\n", r.function.c_str(), format_dims(r.dims).c_str(), r.backend.c_str(),
                  r.backend_reason.c_str());
      if (!r.build_failure.empty()) {
        std::printf("not measured: the file did not build\n%s\n", r.build_failure.c_str());
        return kExitTestsFailed;
      }
      if (!r.profile.error.empty()) {
        std::printf("not measured: %s\n", r.profile.error.c_str());
        return kExitTestsFailed;
      }
      std::printf("measured by %s\n", r.profile.measured_by.c_str());
      if (r.profile.accesses.empty()) std::printf("  no load or store of global or shared memory was seen\n");
      for (const MemoryAccess& a : r.profile.accesses) std::printf("  %s\n", a.sentence.c_str());
      return kExitOk;
    }
    if (selftest->parsed()) {
      std::string reason;
      const auto lines = run_selftest(selected, backend, unsandboxed, &reason);
      bool ok = true;
      std::printf("selftest (backend %s)\n", reason.c_str());
      for (const auto& l : lines) {
        std::printf("  %-5s %-14s %-16s %s\n", l.ok ? "ok" : "FAIL", l.assignment.c_str(), l.what.c_str(),
                    l.summary.c_str());
        ok = ok && l.ok;
      }
      std::printf("%s\n", ok ? "selftest passed" : "selftest FAILED");
      return ok ? kExitOk : kExitTestsFailed;
    }
  } catch (const UserError& e) {
    std::fprintf(stderr, "grader: error: %s\n", e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grader: internal error: %s\nThis is a bug in the kit; please report it with this output.\n",
                 e.what());
    return kExitInternalError;
  }
  return kExitInternalError;
}

}  // namespace kit
