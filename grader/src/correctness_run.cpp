#include "kit/correctness_run.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "kit/build_config.h"
#include "kit/channel.h"
#include "kit/compare.h"
#include "kit/process.h"
#include "kit/runner_call.h"
#include "kit/step_sandbox.h"
#include "kit/text.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/diagnostic.h>
#include <kitcpu/sanitizer_report.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kGuardBytes = 1 << 20;
constexpr int kCpuFatalDiagnostic = 86;  // the CPU backend's exit code after a fatal diagnostic
constexpr int kRacecheckExitCode = 89;   // what compute-sanitizer exits with when it reported a hazard

// What one run of the runner (one order, one build) showed.
struct RunVerdict {
  bool passed = false;
  bool fatal = false;  // crashed, hung or diagnosed: there are no outputs to compare across orders
  std::string message;
  std::string details;
  std::vector<std::string> output_signatures;  // per seed: the output bytes, to compare orders
  bool warned = false;  // right, with warnings from the CPU backend (in details)
};

// Diagnostics the CPU backend wrote, as the lines a student reads, and whether one was an error.
std::string cpu_diagnostics(const std::string& report_path, bool* any_error, std::string* first_category) {
  std::string text;
#ifdef KIT_HAVE_CPU_BACKEND
  if (!fs::exists(report_path)) return text;
  for (const kitcpu::Diagnostic& d : kitcpu::read_diagnostics_file(report_path)) {
    if (d.severity == "error") {
      if (any_error) *any_error = true;
      if (first_category && first_category->empty()) *first_category = d.category;
    }
    text += (text.empty() ? "" : "\n") + kitcpu::format_diagnostic(d);
  }
#else
  (void)report_path;
  (void)any_error;
  (void)first_category;
#endif
  return text;
}

std::string headline_for_category(const std::string& category) {
  if (category == "divergent-barrier") return "divergent __syncthreads";
  if (category == "hang") return "timed out: the kernel hung";
  if (category == "shared-out-of-bounds") return "out-of-bounds shared memory access";
  if (category == "global-out-of-bounds") return "out-of-bounds write";
  if (category == "data-race") return "missing __syncthreads suspected";
  if (category == "invalid-launch") return "invalid launch configuration";
  if (category == "assert") return "a device assert failed";
  return "the CPU backend stopped the kernel (" + category + ")";
}

std::string guard_message(const nlohmann::json& g) {
  const std::string array = g.value("array", "?");
  const std::size_t after = g.value("bytes_after", std::size_t{0}), before = g.value("bytes_before", std::size_t{0});
  const std::size_t element = std::max<std::size_t>(1, g.value("element_size", std::size_t{4}));
  std::string text = "out-of-bounds write: ";
  if (after) {
    text += std::to_string(after) + " bytes changed past the end of " + array + " (the first " +
            std::to_string(g.value("first_after_offset", std::size_t{0}) / element) + " elements after it are untouched)";
  }
  if (before) text += std::string(after ? "; " : "") + std::to_string(before) + " bytes changed before the start of " + array;
  return text;
}

// compute-sanitizer ships with the CUDA toolkit, next to nvcc; empty when it is not there.
std::string compute_sanitizer() {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty()) return {};
  const fs::path tool = fs::path(nvcc).parent_path() / "compute-sanitizer";
  return fs::exists(tool) ? tool.string() : std::string();
}

// The lines of a racecheck report a student needs: what raced, and where in their file.
std::string racecheck_findings(const std::string& report, const std::string& student_file) {
  const std::string name = fs::path(student_file).filename().string();
  std::string found;
  std::size_t start = 0, kept = 0;
  while (start < report.size() && kept < 12) {
    std::size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    std::string line = report.substr(start, end - start);
    start = end + 1;
    if (line.rfind("========= ", 0) == 0) line.erase(0, 10);
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    if (line.find("Race") != std::string::npos || line.find("hazard") != std::string::npos ||
        line.find(name + ":") != std::string::npos) {
      found += (found.empty() ? "" : "\n") + line;
      ++kept;
    }
  }
  return found.empty() ? last_lines(report, 12) : found;
}

RunVerdict run_once(Session& s, const TestCase& t, const std::string& exe, const std::string& flavour,
                    const std::string& order, const std::vector<std::uint64_t>& seeds, const std::string& label) {
  RunVerdict v;
  // Each run writes in a folder of its own, the only one its sandbox may write to.
  const fs::path dir = new_scratch_folder(s, flavour);
  const std::string report = (dir / "diagnostics.jsonl").string();
  ProcessRequest req = runner_request(exe, "correctness", runner_case(*t.function, *t.inputs, t.dims, seeds),
                                      {"--guard-bytes", flavour == "asan" ? "0" : std::to_string(kGuardBytes)},
                                      dir.string(), s.rubric.limits.test_seconds);
  req.sandbox = run_sandbox(s, exe, dir.string(), flavour == "asan" || flavour == "tsan",
                            flavour == "racecheck" ? RunTool::compute_sanitizer : RunTool::none);
  if (flavour == "racecheck")
    req.argv.insert(req.argv.begin(), {compute_sanitizer(), "--tool", "racecheck", "--error-exitcode",
                                       std::to_string(kRacecheckExitCode), "--print-limit", "20"});
  if (s.backend == Backend::cpu) {
    const double watchdog = std::max(1.0, std::min(10.0, 0.5 * req.timeout_s));
    req.env = {{"KITCPU_ORDER", order}, {"KITCPU_REPORT", report}, {"KITCPU_WATCHDOG_S", std::to_string(watchdog)},
               {"ASAN_OPTIONS", "detect_leaks=0:abort_on_error=0:halt_on_error=1:exitcode=87"},
               {"UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1:exitcode=87"},
               {"TSAN_OPTIONS", "halt_on_error=1:exitcode=88:report_signal_unsafe=0"}};
  }
  ProcessResult p = run_process(req);
  std::string trailing;
  const std::vector<Record> records = parse_records(p.channel, &trailing);

  // Everything that stops a run before its outputs can be judged.
  bool diag_error = false;
  std::string category;
  const std::string diagnostics = cpu_diagnostics(report, &diag_error, &category);
  std::string sanitizer;
#ifdef KIT_HAVE_CPU_BACKEND
  if (s.backend == Backend::cpu && flavour != "fast") {
    for (const kitcpu::Diagnostic& d : kitcpu::parse_sanitizer_output(p.err, s.source)) {
      if (category.empty()) category = d.category;
      sanitizer += (sanitizer.empty() ? "" : "\n") + kitcpu::format_diagnostic(d);
    }
  }
#endif
  std::string output = p.out + (p.out.empty() || p.err.empty() ? "" : "\n") + p.err;
  auto stop = [&](const std::string& message, const std::string& extra) {
    v.fatal = true;
    v.message = message;
    v.details = label + extra;
    if (!output.empty()) v.details += "\nthe program's last output:\n" + indent_lines(last_lines(output, 12), "  ");
    return v;
  };
  if (!p.start_error.empty()) return stop("crashed: " + p.start_error, "");
  if (flavour == "racecheck" && p.exit_code == kRacecheckExitCode) {
    output.clear();
    return stop("missing __syncthreads suspected: compute-sanitizer's racecheck found a shared-memory race",
                "\n" + racecheck_findings(p.out + p.err, s.source));
  }
  // The runtime's own diagnostics name the CUDA thread; for a race, the parsed ThreadSanitizer report is
  // better, naming both lines. Either way the raw sanitizer output adds nothing a student needs.
  const bool diagnosed = p.exit_code == kCpuFatalDiagnostic || (diag_error && !p.ok()) || !sanitizer.empty();
  if (diagnosed) {
    output.clear();
    const std::string& text = (flavour == "tsan" && !sanitizer.empty()) || diagnostics.empty() ? sanitizer : diagnostics;
    return stop(headline_for_category(category), "\n" + text);
  }
  if (p.timed_out)
    return stop("timed out after " + std::to_string(static_cast<int>(req.timeout_s)) +
                    " s: an endless loop, or a kernel far too slow for this size",
                diagnostics.empty() ? "" : "\n" + diagnostics);
  if (p.signal)
    return stop("crashed: " + describe_ending(p, req.timeout_s), diagnostics.empty() ? "" : "\n" + diagnostics);

  // Walk the records: one JSON report per seed, then its outputs.
  const Problem& problem = *t.function->problem;
  const std::vector<ArraySpec> out_specs = problem.outputs(t.dims);
  std::size_t r = 0;
  for (std::uint64_t seed : seeds) {
    if (r >= records.size() || records[r].type != RecordType::json)
      return stop("crashed: the runner ended (" + describe_ending(p, req.timeout_s) + ") before reporting seed " +
                      std::to_string(seed),
                  trailing.empty() ? "" : "\n" + trailing);
    nlohmann::json j = nlohmann::json::parse(records[r++].bytes, nullptr, false);
    const std::string status = j.is_object() ? j.value("status", "") : "";
    if (status == "cuda-error")
      return stop("CUDA error " + j.value("error_name", std::string("?")) + ": " + j.value("error", std::string()),
                  diagnostics.empty() ? "" : "\n" + diagnostics);
    if (status != "ok") return stop("the harness failed: " + (j.is_object() ? j.value("error", status) : status), "");
    const CaseData& data = case_data(s, t, seed);
    const Expected& expected = data.expected;
    std::string signature;
    for (std::size_t o = 0; o < out_specs.size(); ++o) {
      if (r >= records.size() || records[r].type != RecordType::array)
        return stop("crashed: the runner ended before sending its outputs", "");
      const std::string& bytes = records[r++].bytes;
      signature += bytes;
      if (bytes.size() != out_specs[o].bytes()) return stop("the harness sent an output of the wrong size", "");
      const HostArray got{out_specs[o], std::vector<unsigned char>(bytes.begin(), bytes.end())};
      if (v.message.empty()) {
        if (!j["guards"].empty()) {
          v.message = guard_message(j["guards"][0]);
          v.details = label + "seed " + std::to_string(seed) + ": " + v.message;
          continue;
        }
        if (!j["inputs_modified"].empty()) {
          v.message = "modified input " + j["inputs_modified"][0].get<std::string>() + ": inputs must stay unchanged";
          v.details = label + v.message;
          continue;
        }
        const Comparison c =
            compare_output(got, expected.values[o], expected.error_scales[o], s.rubric.tolerance, seed);
        if (!c.passed()) {
          v.message = summarize(c);
          v.details = label + "seed " + std::to_string(seed) + ":\n" + explain_mismatches(c, out_specs[o]);
          if (problem.explain) {
            const std::string more = problem.explain({c, got, data.inputs, t.dims, t.knobs});
            if (!more.empty()) v.details += "\n" + more;
          }
        }
      }
    }
    v.output_signatures.push_back(signature);
  }
  if (v.message.empty() && !diagnostics.empty()) {  // warnings only: right results, but worth knowing
    v.details = label + diagnostics;
    v.warned = true;
  }
  v.passed = v.message.empty();
  return v;
}

bool small_enough(const Dims& dims, long limit) {
  return std::all_of(dims.begin(), dims.end(), [&](long d) { return d <= limit; });
}

}  // namespace

TestResult run_correctness_test(Session& s, const TestCase& t) {
  TestResult result;
  result.name = t.name;
  result.group = t.group;
  result.category = TestCategory::correctness;
  result.max_score = t.points;
  result.visibility = visibility_name(t.visibility);

  const BuildOutcome& build = student_runner(s, "fast", t.build);
  if (!build.ok) {
    result.status = TestStatus::failed;
    result.message = "not run: " + build.summary;
    result.details = last_lines(build.log, 30);
    return result;
  }

  std::vector<std::string> orders = {""};
  if (s.backend == Backend::cpu) orders = s.rubric.cpu_checks.orders;
  std::vector<RunVerdict> verdicts;
  std::vector<std::string> names;
  // Every seed in the first order; the other orders look for races, which one seed shows as well as three.
  for (const std::string& order : orders) {
    const std::string label = orders.size() > 1 ? "[thread order " + order + "] " : "";
    const std::vector<std::uint64_t> seeds = verdicts.empty() ? t.seeds : std::vector<std::uint64_t>{t.seeds.front()};
    verdicts.push_back(run_once(s, t, build.executable, "fast", order, seeds, label));
    names.push_back(order);
    if (verdicts.back().fatal) break;
  }

  const RunVerdict* failing = nullptr;
  for (const auto& v : verdicts)
    if (!v.passed && !failing) failing = &v;
  bool orders_disagree = false;
  for (const auto& v : verdicts)
    if (!v.fatal && !verdicts.front().fatal && !v.output_signatures.empty() &&
        !verdicts.front().output_signatures.empty() &&
        v.output_signatures.front() != verdicts.front().output_signatures.front())
      orders_disagree = true;

  std::string message, details;
  bool passed = !failing && !orders_disagree;
  if (failing && failing->fatal) {
    message = failing->message;
    details = failing->details;
  } else if (orders_disagree) {
    message = "missing __syncthreads suspected: the result changes with the order in which a block's threads run";
    for (std::size_t i = 0; i < verdicts.size(); ++i)
      details += "thread order " + names[i] + ": " + (verdicts[i].passed ? "right" : verdicts[i].message) + "\n";
    if (failing) details += failing->details;
  } else if (failing) {
    message = failing->message;
    details = failing->details;
  }

  // A checking build's finding is the headline when the test had passed so far, else a line under the
  // first failure, so that neither is lost.
  auto add_finding = [&](const RunVerdict& v) {
    if (passed) message = v.message;
    else details += (details.empty() ? "" : "\n") + v.message;
    passed = false;
    details += (details.empty() ? "" : "\n") + v.details;
  };

  // The checking builds, on small sizes: they name the line of an out-of-bounds access or a race.
  if (s.backend == Backend::cpu && (passed || !failing || !failing->fatal)) {
    const std::vector<std::uint64_t> one_seed = {t.seeds.front()};
    if (small_enough(t.dims, s.rubric.cpu_checks.sanitizer_max_dim) && t.build.empty()) {
      const BuildOutcome& asan = student_runner(s, "asan", {});
      if (asan.ok) {
        RunVerdict v = run_once(s, t, asan.executable, "asan", "forward", one_seed, "[AddressSanitizer build] ");
        if (v.fatal) add_finding(v);
      }
    }
    if (small_enough(t.dims, s.rubric.cpu_checks.race_max_dim) && t.build.empty()) {
      const BuildOutcome& tsan = student_runner(s, "tsan", {});
      if (tsan.ok) {
        RunVerdict v = run_once(s, t, tsan.executable, "tsan", "forward", one_seed, "[race detector build] ");
        if (v.fatal && v.message.find("missing __syncthreads") != std::string::npos) add_finding(v);
      }
    }
  }

  // On a GPU, compute-sanitizer's racecheck finds the missing barriers a lucky run hides (small sizes:
  // it slows a kernel down a hundredfold).
  if (s.backend == Backend::cuda && t.build.empty() && small_enough(t.dims, s.rubric.cpu_checks.race_max_dim) &&
      !compute_sanitizer().empty() && (passed || !failing || !failing->fatal)) {
    RunVerdict v = run_once(s, t, build.executable, "racecheck", "", {t.seeds.front()}, "[compute-sanitizer racecheck] ");
    if (v.fatal && v.message.find("missing __syncthreads") != std::string::npos) add_finding(v);
  }

  if (passed) {
    for (const RunVerdict& v : verdicts)
      if (v.warned && details.empty()) details = v.details;
  }
  result.status = passed ? TestStatus::passed : TestStatus::failed;
  result.score = passed ? t.points : 0;
  result.message = passed ? std::to_string(t.seeds.size()) + (t.seeds.size() == 1 ? " seed" : " seeds") +
                                (orders.size() > 1 ? ", " + std::to_string(orders.size()) + " thread orders" : "") +
                                (details.empty() ? "" : "; warning from the CPU backend: " + details.substr(0, details.find('\n')))
                          : message;
  while (!details.empty() && details.back() == '\n') details.pop_back();
  result.details = details;
  return result;
}

}  // namespace kit
