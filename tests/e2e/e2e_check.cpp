// kit-e2e-check: runs the real `grader` command and checks what it did, for the end-to-end tests.
//
//   kit-e2e-check verdict  GRADER PATCH BACKEND       `grader check` of a broken kernel (its solution with
//                                                    PATCH, assignments/<a>/broken/<name>.patch, applied)
//                                                    gives the verdicts the patch's header promises;
//                                                    prints a "corpus:" line with the best diagnosis,
//                                                    for scripts/diagnosis-corpus.sh
//   kit-e2e-check correct  GRADER PATCH BACKEND       `grader check` of a correct variant (PATCH,
//                                                    assignments/<a>/correct/<name>.patch) passes every test
//   kit-e2e-check selftest GRADER ASSIGNMENT BACKEND  `grader selftest` passes
//   kit-e2e-check exit CODE TEXT -- COMMAND...        the command exits with CODE and prints TEXT
//   kit-e2e-check kept-runners GRADER SUBMISSION ASSIGNMENT BACKEND
//                                                    `grader check` of a passing submission serves a
//                                                    quarter of its tests or more with runners kept from
//                                                    earlier tests
//
// Exit 0: as expected; 1: not as expected (with the reason); 77: skipped, because BACKEND is cuda and
// this machine has no usable GPU (CTest shows the test as skipped).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "broken_kernel.h"
#include "grading/grade.h"
#include "build/prepared.h"
#include "os/process.h"
#include "unified_diff.h"

namespace {

namespace fs = std::filesystem;

constexpr int kSkip = 77;

int fail(const std::string& why) {
  std::fprintf(stderr, "NOT AS EXPECTED: %s\n", why.c_str());
  return 1;
}

// The tests of one assignment and backend share a prepared folder, as a batch's gradings share theirs
// (grader/src/build/prepared.h): each reference is computed once and each harness compiled once per build command.
// It sits in the build folder, beside the grader's own folder.
void add_prepared(std::vector<std::string>& argv, const std::string& grader, const std::string& assignment,
                  const std::string& backend) {
  const fs::path dir = fs::path(grader).parent_path().parent_path() / "test-prepared" / (assignment + "-" + backend);
  kit::prepare_folder(dir.string(), kit::load_assignment_rubric(assignment),
                      backend == "cuda" ? kit::Backend::cuda : kit::Backend::cpu);
  argv.insert(argv.end(), {"--prepared", dir.string()});
}

kit::ProcessResult run(const std::vector<std::string>& argv, double timeout_s = 1500) {
  kit::ProcessRequest r;
  r.argv = argv;
  r.timeout_s = timeout_s;
  r.max_output_bytes = 4 << 20;
  return kit::run_process(r);
}

bool no_gpu(const kit::ProcessResult& p) {
  return p.exit_code == 2 && p.err.find("needs a usable GPU") != std::string::npos;
}

// KIT_VERDICT_SNAPSHOT=DIR keeps every report as DIR/<test>.json, with the grader's exit code, for
// scripts/verdict-snapshot.sh: the verdicts of the whole corpus, compared before and after a change.
void keep_for_snapshot(const nlohmann::json& report, const std::string& test, int exit_code) {
  const char* dir = std::getenv("KIT_VERDICT_SNAPSHOT");
  if (!dir || !*dir) return;
  // A report that did not parse is kept as null: a discarded value prints as text no JSON reader takes.
  const nlohmann::json kept = {{"test", test}, {"exit_code", exit_code},
                               {"report", report.is_discarded() ? nlohmann::json(nullptr) : report}};
  std::error_code made;
  fs::create_directories(dir, made);  // a folder named for the first time is made, not silently skipped
  std::ofstream(fs::path(dir) / (test + ".json")) << kept.dump(1) << "\n";
}

// `grader check` of the patched solution, as a student's submission: a folder holding it under the
// assignment's file name. Returns the exit code, or kSkip where there is no usable GPU, or -1 with `why`
// set where the grader ended otherwise than with a grade; `result` is the JSON report, kept for
// scripts/verdict-snapshot.sh as `test`.
int grade_patched(const std::string& grader, const kit_e2e::BrokenKernel& k, const std::string& backend,
                  const std::string& test, nlohmann::json& result, std::string& why) {
  const fs::path folder = fs::temp_directory_path() / ("kit-e2e-" + k.name + "-" + backend);
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::ofstream(folder / k.student_file, std::ios::binary) << k.source;
  const fs::path out = folder / "result.json";
  // `check` runs the visible tests, which is what every expectation names, in a fraction of `grade`'s time.
  std::vector<std::string> argv = {grader, "check", k.assignment, "--submission", folder.string(), "--backend", backend,
                                   "--format", "json", "--output", out.string()};
  add_prepared(argv, grader, k.assignment, backend);
  kit::ProcessResult p = run(argv);
  if (no_gpu(p)) return kSkip;
  std::printf("%s", p.out.c_str());
  if (p.exit_code != 0 && p.exit_code != 1) {
    why = "grader check exited with " + kit::describe_ending(p, 1500) + ": " + p.err;
    return -1;
  }
  std::ifstream in(out);
  result = nlohmann::json::parse(in, nullptr, false);
  fs::remove_all(folder);
  keep_for_snapshot(result, test, p.exit_code);
  if (!result.is_object()) {
    why = "the JSON report does not parse";
    return -1;
  }
  return p.exit_code;
}

int check_verdict(const std::string& grader, const std::string& patch, const std::string& backend) {
  kit_e2e::BrokenKernel k;
  kit_e2e::Expectations e;
  try {
    k = kit_e2e::load_broken_kernel(patch);
    e = kit_e2e::read_expectations(k.header, backend);
  } catch (const kit_e2e::PatchError& error) {
    return fail(error.what());
  }
  nlohmann::json result;
  std::string why;
  const int graded = grade_patched(grader, k, backend, "e2e.broken." + backend + "." + k.name, result, why);
  if (graded == kSkip) {
    std::printf("no usable GPU: skipped\n");
    return kSkip;
  }
  if (graded < 0) return fail(why);

  // Expectations name a rubric group, or a single test such as the technique check "uses shared memory".
  std::map<std::string, std::pair<int, int>> by_group;  // group or test name -> (tests, passed)
  std::string failing_text;
  std::vector<std::string> diagnoses;  // of the failing tests, as "category" and "category file:line"
  // The corpus line: the failing test whose diagnosis says most (a line, then a named cause).
  int best_rank = -1;
  std::string best;
  for (const auto& t : result["tests"]) {
    if (t.contains("diagnosis") && t["diagnosis"].is_object()) {
      const auto& d = t["diagnosis"];
      const std::string category = d.value("category", "");
      diagnoses.push_back(category);
      const int line = d.value("line", 0);
      if (line > 0) diagnoses.push_back(category + " " + d.value("file", "") + ":" + std::to_string(line));
      const bool named = !d.value("cause", "").empty() ||
                         (category != "wrong-answer" && category != "never-written" && category != "crash" &&
                          category != "cuda-error" && category != "order-dependent-result" && category != "timeout");
      const int rank = (line > 0 ? 2 : 0) + (named ? 1 : 0);
      if (rank > best_rank) {
        best_rank = rank;
        best = std::string(named ? "cause" : "-") + " | " + (line > 0 ? "line" : "-") + " | " + category +
               (line > 0 ? " " + d.value("file", "") + ":" + std::to_string(line) : "") + " | " +
               t.value("message", "");
      }
    }
    const std::string status = t.value("status", "");
    for (const std::string& key : {t.value("group", ""), t.value("name", "")}) {
      by_group[key].first++;
      if (status == "passed") by_group[key].second++;
    }
    if (status != "passed") failing_text += t.value("message", "") + "\n" + t.value("details", "") + "\n";
  }
  // Technique checks fail without a diagnosis: they name what they measured in the message.
  if (best_rank < 0)
    for (const auto& t : result["tests"])
      if (t.value("status", "") != "passed" && best.empty()) best = "cause | - | " + t.value("name", "") + " | " + t.value("message", "");
  std::string message_cell = best.empty() ? "- | - | - | (no failing test)" : best;
  for (char& c : message_cell) c = c == '\n' ? ' ' : c;
  std::printf("corpus: %s | %s\n", k.name.c_str(), message_cell.c_str());
  std::string problems;
  for (const auto& g : e.fail_groups) {
    auto it = by_group.find(g);
    if (it == by_group.end()) problems += "no group named '" + g + "' in the report\n";
    else if (it->second.second == it->second.first) problems += "group '" + g + "' should fail but every test passed\n";
  }
  for (const auto& g : e.pass_groups) {
    auto it = by_group.find(g);
    if (it == by_group.end()) problems += "no group named '" + g + "' in the report\n";
    else if (it->second.second != it->second.first) problems += "group '" + g + "' should pass but some tests failed\n";
  }
  for (const auto& text : e.texts)
    if (failing_text.find(text) == std::string::npos) problems += "the report never says '" + text + "'\n";
  for (const auto& diagnosis : e.diagnoses)
    if (std::find(diagnoses.begin(), diagnoses.end(), diagnosis) == diagnoses.end()) {
      std::string seen;
      for (const auto& d : diagnoses) seen += (seen.empty() ? "" : ", ") + d;
      problems += "no failing test is diagnosed '" + diagnosis + "' (diagnosed: " + (seen.empty() ? "none" : seen) + ")\n";
    }
  if (!problems.empty()) return fail(k.name + " (" + e.bug + "):\n" + problems);
  std::printf("as expected: %s\n", e.bug.c_str());
  return 0;
}

// A correct variant: the solution written another correct way must pass every test `grader check` runs;
// on a backend its header says cannot run it, every test must say so ("not checked"), none may fail.
int check_correct(const std::string& grader, const std::string& patch, const std::string& backend) {
  kit_e2e::BrokenKernel k;
  kit_e2e::VariantHeader v;
  try {
    k = kit_e2e::load_broken_kernel(patch);
    v = kit_e2e::read_variant(k.header);
  } catch (const kit_e2e::PatchError& error) {
    return fail(error.what());
  }
  const bool cannot_run = std::find(v.not_on.begin(), v.not_on.end(), backend) != v.not_on.end();
  nlohmann::json result;
  std::string why;
  const int graded = grade_patched(grader, k, backend, "e2e.correct." + backend + "." + k.name, result, why);
  if (graded == kSkip) {
    std::printf("no usable GPU: skipped\n");
    return kSkip;
  }
  if (graded < 0) return fail(why);
  std::string problems;
  int not_checked = 0;
  for (const auto& t : result["tests"]) {
    // A variant is code: the written questions, answered in answers.yaml, are not its concern.
    if (t.value("category", "") == "written") continue;
    const std::string status = t.value("status", "");
    const std::string message = t.value("message", "");
    const bool said_so = status == "error" && (message.find("not checked on this backend") != std::string::npos ||
                                               message.find("this backend cannot run the file") != std::string::npos);
    not_checked += said_so;
    if (cannot_run ? status == "failed" || (status == "error" && !said_so) : status != "passed" && status != "skipped")
      problems += "'" + t.value("name", "") + "' " + status + ": " + message + "\n";
  }
  if (cannot_run && not_checked == 0) problems += "no test says the backend cannot run the file\n";
  if (!problems.empty()) return fail(k.name + " (" + v.style + ") is correct, but:\n" + problems);
  std::printf(cannot_run ? "not checked on this backend, never failed: %s\n" : "every test passed: %s\n", v.style.c_str());
  return 0;
}

int check_selftest(const std::string& grader, const std::string& assignment, const std::string& backend) {
  kit::ProcessResult p = run({grader, "selftest", assignment, "--backend", backend});
  if (no_gpu(p)) {
    std::printf("no usable GPU: skipped\n");
    return kSkip;
  }
  std::printf("%s%s", p.out.c_str(), p.err.c_str());
  if (p.exit_code != 0) return fail("grader selftest exited with " + kit::describe_ending(p, 1500));
  return 0;
}

int check_exit(int expected, const std::string& text, const std::vector<std::string>& command) {
  kit::ProcessResult p = run(command, 600);
  const std::string output = p.out + p.err;
  std::printf("%s", output.c_str());
  if (p.exit_code != expected)
    return fail("expected exit code " + std::to_string(expected) + ", got " + kit::describe_ending(p, 600));
  if (output.find(text) == std::string::npos) return fail("the output does not say '" + text + "'");
  return 0;
}

// A test whose runs all went to runners kept from earlier tests started none (its runner_starts metric):
// once each worker has its runners, most tests of a passing submission start none (18 of matmul-tiled's
// 23 on two cores, 13 on an H100). Without it every run pays for a new sandbox and process again, which a
// grading's times alone would hide. A quarter is asked for, so that a loaded machine passes.
int check_kept_runners(const std::string& grader, const std::string& submission, const std::string& assignment,
                       const std::string& backend) {
  const fs::path out = fs::temp_directory_path() / ("kit-e2e-kept-runners-" + assignment + "-" + backend + ".json");
  std::vector<std::string> argv = {grader, "check", assignment, "--submission", submission, "--backend", backend,
                                   "--format", "json", "--output", out.string()};
  add_prepared(argv, grader, assignment, backend);
  kit::ProcessResult p = run(argv);
  if (no_gpu(p)) {
    std::printf("no usable GPU: skipped\n");
    return kSkip;
  }
  std::printf("%s", p.out.c_str());
  if (p.exit_code != 0) return fail("grader check exited with " + kit::describe_ending(p, 1500) + ": " + p.err);
  std::ifstream in(out);
  const nlohmann::json result = nlohmann::json::parse(in, nullptr, false);
  fs::remove(out);
  if (!result.is_object()) return fail("the JSON report does not parse");
  int tests = 0, without_a_start = 0;
  for (const auto& t : result["tests"]) {
    if (!t.contains("metrics") || !t["metrics"].contains("runner_starts")) continue;  // not a correctness test
    ++tests;
    if (t["metrics"]["runner_starts"] == 0) ++without_a_start;
  }
  std::printf("%d of %d correctness tests started no runner\n", without_a_start, tests);
  if (tests < 4) return fail("the report has " + std::to_string(tests) + " correctness tests with a runner_starts metric");
  if (4 * without_a_start < tests) return fail("runners kept from earlier tests served fewer than a quarter of the tests");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 4 && args[0] == "verdict") return check_verdict(args[1], args[2], args[3]);
  if (args.size() == 4 && args[0] == "correct") return check_correct(args[1], args[2], args[3]);
  if (args.size() == 4 && args[0] == "selftest") return check_selftest(args[1], args[2], args[3]);
  if (args.size() >= 5 && args[0] == "exit" && args[3] == "--")
    return check_exit(std::atoi(args[1].c_str()), args[2], {args.begin() + 4, args.end()});
  if (args.size() == 5 && args[0] == "kept-runners") return check_kept_runners(args[1], args[2], args[3], args[4]);
  std::fprintf(stderr, "usage: kit-e2e-check verdict|correct|selftest|exit|kept-runners ...\n");
  return 2;
}
