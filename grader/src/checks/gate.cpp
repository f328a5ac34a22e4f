#include "checks/gate.h"

#include <filesystem>
#include <future>

#include "run/step_sandbox.h"
#include "submission/source_text.h"
#include "submission/symbol_check.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

GateOutcome stopped_at_gate(const std::string& message, const std::string& log, const std::string& why) {
  GateOutcome gate;
  TestResult t;
  t.name = "build";
  t.group = "build";
  t.category = TestCategory::build;
  t.status = TestStatus::failed;
  t.message = message;
  t.details = log;
  gate.failure = t;
  gate.why_not = why;
  return gate;
}

std::optional<GateOutcome> forbidden_name_in_text(const Session& s, const std::string& source_text) {
  for (const IdentifierUse& use : find_identifiers(code_without_comments_and_literals(source_text), s.assignment.rubric.forbidden))
    return stopped_at_gate("uses " + use.name + " (line " + std::to_string(use.line) + "), which this assignment forbids",
                           "", "the file uses " + use.name);
  return std::nullopt;
}

// What the compiled file calls from outside itself: a forbidden call hidden from the text is not hidden
// from the object code.
std::optional<GateOutcome> forbidden_use_in_object(const Session& s, const NvccCheck& nvcc,
                                                   const std::optional<SandboxSpec>& sandbox) {
  std::string error;
  std::vector<ForbiddenUse> uses = forbidden_uses(undefined_symbols(nvcc.object, sandbox, &error), s.assignment.rubric.forbidden);
  for (ForbiddenUse& u : system_call_instructions(nvcc.object, sandbox, &error)) {
    u.symbol = "the operating system directly from " + u.symbol;
    uses.push_back(std::move(u));
  }
  const std::vector<ForbiddenUse> replaced = replaced_definitions(defined_symbols(nvcc.object, sandbox, &error));
  // The file's own doing as a rule (a listing too large, a tool stopped by the sandbox's limits): a
  // file that cannot be checked is not graded, and says why.
  if (!error.empty())
    return stopped_at_gate("the compiled file could not be checked: " + error, "",
                           "the compiled file could not be checked");
  if (uses.empty() && replaced.empty()) return std::nullopt;
  std::string details;
  for (const ForbiddenUse& u : uses) details += u.symbol + ": " + u.reason + "\n";
  for (const ForbiddenUse& u : replaced) details += "defines " + u.symbol + ": " + u.reason + "\n";
  const std::string what = !uses.empty() ? "calls " + uses.front().symbol : "defines " + replaced.front().symbol;
  const std::string why = !uses.empty() ? uses.front().reason : replaced.front().reason;
  return stopped_at_gate(what + ", which no submission may: " + why, details, "the file " + what);
}

}  // namespace

GateOutcome run_gate(Session& s, const std::string& content_problem, std::vector<StudentBuild> builds, int jobs) {
  if (!content_problem.empty())
    return stopped_at_gate("the submission cannot be graded: " + content_problem, "", "the file cannot be graded");
  const std::string source_text = read_text_file(s.submission.source);
  if (std::optional<GateOutcome> stop = forbidden_name_in_text(s, source_text)) return *stop;

  // nvcc first, when it is here: its errors are the real CUDA ones, and its report feeds the technique checks.
  BuildSpec check_spec;
  check_spec.assignment_dir = s.assignment.assignment_dir;
  check_spec.source = s.submission.source;
  check_spec.output_dir = (fs::path(s.worker.work_dir) / "nvcc-check").string();
  check_spec.timeout_s = s.assignment.rubric.limits.build_seconds;
  check_spec.sandbox = compile_sandbox(s.assignment, check_spec);
  // nvcc's check and every build the grading needs go side by side, so the grading waits for one compile,
  // not for two in a row. A file that does not compile fails its builds too; that costs their time, no more.
  std::future<NvccCheck> checked = std::async(std::launch::async, [check_spec] { return nvcc_check(check_spec); });
  builds.insert(builds.begin(), StudentBuild{Flavour::fast, {}});  // the default build: timed, and checked for technique
  build_student_runners(s, builds, jobs);
  GateOutcome gate;
  gate.nvcc = checked.get();
  gate.source_text = source_text;
  const std::string file_name = fs::path(s.submission.source).filename().string();
  std::optional<GateOutcome> stop;
  if (gate.nvcc.ran && !gate.nvcc.ok) {
    stop = stopped_at_gate("nvcc could not compile " + file_name, last_lines(gate.nvcc.log, 40),
                           "the file does not compile");
    stop->build_log = gate.nvcc.log;
  } else if (gate.nvcc.ran) {
    stop = forbidden_use_in_object(s, gate.nvcc, check_spec.sandbox);
  }
  if (!stop) {
    const BuildOutcome& build = student_runner(s, Flavour::fast, {});
    if (build.ok) return gate;
    if (build.backend_cannot_run) {
      stop = stopped_at_gate("not checked on this backend: " + build.summary, last_lines(build.log, 40),
                             "this backend cannot run the file: grade it on a GPU");
      stop->failure->status = TestStatus::error;
      stop->not_run_status = TestStatus::error;
    } else {
      stop = stopped_at_gate(build.summary, last_lines(build.log, 40), "the build failed");
    }
    stop->build_log = build.log;
  }
  stop->nvcc = gate.nvcc;
  stop->source_text = source_text;
  return *stop;
}

}  // namespace kit
