#include "release/selftest.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "assignment/answers_template.h"
#include "assignment/kit_tree.h"
#include "grading/grade.h"
#include "release/starter.h"
#include "result/scoring.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string points(double v) {
  std::ostringstream s;
  s << round_points(v);
  return s.str();
}

// The starter's answers.yaml is the template of the questions (assignment/answers_template.h).
SelftestLine answers_template_line(const std::string& name, const Rubric& rubric) {
  const std::string relative = "starter/" + name + "/" + kAnswersFileName;
  const fs::path starter = kit_file(relative);
  SelftestLine line{name, "starter answers", false, ""};
  line.ok = fs::is_regular_file(starter) &&
            read_text_file(starter.string()) == answers_template(rubric.questions, rubric.student_files.front());
  line.summary = line.ok ? relative + " lists every question"
                         : relative + " is not the template of the questions: write it again with `grader questions " +
                               name + " > " + relative + "`";
  return line;
}

// A technique or performance test this machine could not check (no nvcc, no profiler, a baseline that
// did not build here) says nothing of the kit's files: it is left out like a skipped test. An error in the
// build or a correctness test is not: there the kit could not vouch for the file at all.
bool not_checked_here(const TestResult& t) {
  return t.status == TestStatus::error && t.category != TestCategory::build && t.category != TestCategory::correctness;
}

}  // namespace

std::vector<SelftestLine> run_selftest(const std::vector<std::string>& requested, const std::string& backend,
                                       bool unsandboxed, std::string* backend_reason) {
  std::vector<SelftestLine> lines;
  const std::vector<std::string> names = requested.empty() ? list_assignments() : requested;
  for (const std::string& name : names) {
    const Rubric rubric = load_assignment_rubric(name);
    const std::string file = rubric.student_files.front();
    const fs::path solution = kit_file("solutions/" + name + "/" + file);
    const fs::path starter = kit_file("starter/" + name + "/" + file);

    SelftestLine sync{name, "starter in sync", false, ""};
    try {
      sync.ok = fs::exists(starter) && derive_starter(read_text_file(solution.string()), solution.string()) == read_text_file(starter.string());
      sync.summary = sync.ok ? "starter/" + name + "/" + file + " matches its solution"
                             : "starter/" + name + "/" + file + " differs from the one derived from its solution";
    } catch (const StarterError& e) {
      sync.summary = e.what();
    }
    lines.push_back(sync);
    if (!rubric.questions.questions.empty()) lines.push_back(answers_template_line(name, rubric));

    GradeOptions o;
    o.assignment = name;
    o.backend = backend;
    o.unsandboxed = unsandboxed;
    o.submission = solution.string();
    GradeResult graded = grade_submission(o);
    if (backend_reason) *backend_reason = graded.backend_reason;
    SelftestLine sol{name, "solution", true, ""};
    double counted = 0;
    for (const TestResult& t : graded.tests) {
      if (t.status == TestStatus::skipped || not_checked_here(t)) continue;
      counted += t.max_score;
      if (t.status != TestStatus::passed || t.score < t.max_score) {
        sol.ok = false;
        sol.summary += (sol.summary.empty() ? "" : "; ") + t.group + ": " + t.name + ": " + t.message;
      }
    }
    if (sol.ok) sol.summary = points(graded.score) + " / " + points(counted) + " (skipped tests not counted)";
    lines.push_back(sol);

    o.submission = starter.string();
    graded = grade_submission(o);
    SelftestLine st{name, "starter", true, ""};
    double correctness = 0, correctness_max = 0;
    for (const TestResult& t : graded.tests) {
      if (t.category == TestCategory::build) {
        st.ok = false;
        st.summary = "does not build: " + t.message;
      }
      if (t.status == TestStatus::error && !not_checked_here(t)) {
        st.ok = false;
        st.summary += (st.summary.empty() ? "" : "; ") + t.name + ": " + t.message;
      }
      if (t.category == TestCategory::correctness) {
        correctness += t.score;
        correctness_max += t.max_score;
      }
    }
    if (correctness > 0) {
      st.ok = false;
      st.summary += (st.summary.empty() ? "" : "; ") + std::string("earns ") + points(correctness) + " correctness points";
    }
    if (st.ok) st.summary = "builds, " + points(correctness) + " of " + points(correctness_max) + " correctness points";
    lines.push_back(st);
  }
  return lines;
}

}  // namespace kit
