#include "kit/technique.h"

#include "kit/source_text.h"
#include "technique_kinds.h"

namespace kit {

const std::vector<TechniqueKind>& technique_kinds() {
  static const std::vector<TechniqueKind> kinds = {
      {"uses_shared_memory", false, {}, check_uses_shared_memory},
      // Global memory: the 32-byte sectors one warp-wide load or store touches; 4 is ideal for 32 floats.
      {"coalesced_access", true, {{"max_sectors_per_request", 5.0}}, check_coalesced_access},
      // Shared memory: the extra passes one warp-wide access needs because threads hit the same bank.
      {"no_bank_conflicts", true, {{"max_bank_conflicts_per_request", 1.0}}, check_no_bank_conflicts},
      // A timing function's report (timing_observation.h), held to the bounds of timing_bounds.h. Every
      // timing kind runs at the same size, capped on the CPU backend, so that one run serves them all.
      {"reports_event_time", true,
       {{"max_ratio_gpu", 1.5}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5}, {"cpu_allowance_ms", 0.5},
        {"max_ratio_event_reads", 1.25}, {"cpu_max_elements", 65536}},
       check_reports_event_time, false},
      {"reports_effective_bandwidth", true,
       {{"relative_error", 0.002}, {"max_ratio_gpu", 1.5}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5},
        {"cpu_allowance_ms", 0.5}, {"max_ratio_event_reads", 1.25}, {"cpu_max_elements", 65536}},
       check_reports_effective_bandwidth, false},
      {"reports_host_clocks", true,
       {{"max_unsynced_fraction", 0.5}, {"max_unsynced_ratio_cpu", 3.0}, {"max_ratio_gpu", 1.5},
        {"max_host_ratio_gpu", 3.0}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5},
        {"host_allowance_ms", 0.05}, {"cpu_allowance_ms", 0.5}, {"cpu_max_elements", 65536}},
       check_reports_host_clocks, false},
      {"destroys_events", true, {{"cpu_max_elements", 65536}}, check_destroys_events, false},
      // Host code: every cudaMalloc freed; an injected cudaMalloc failure (each of the first
      // max_failures allocations in turn) reported and the program ended; the copy back waited for.
      {"frees_device_memory", true, {}, check_frees_device_memory, false},
      {"checks_errors", true, {{"max_failures", 3.0}}, check_checks_errors, false},
      {"waits_for_copy_back", true, {}, check_waits_for_copy_back, false},
  };
  return kinds;
}

const TechniqueKind* find_technique_kind(const std::string& name) {
  for (const TechniqueKind& k : technique_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

std::vector<TestResult> run_technique_checks(Session& s, const CorrectnessEvidence& evidence, const NvccCheck& nvcc,
                                             const std::string& source_text) {
  std::vector<TestResult> tests;
  const std::string code = code_without_comments_and_literals(source_text);
  for (const TechniqueCheck& check : s.assignment.rubric.technique) {
    TestResult t;
    t.name = check.name;
    t.group = "technique";
    t.category = TestCategory::technique;
    t.max_score = check.points;
    const TechniqueKind* kind = find_technique_kind(check.check);
    if (!kind->needs_nvcc) {
      kind->run({check, nvcc, code, s, evidence}, t);
    } else if (!nvcc.ran) {
      t.status = TestStatus::skipped;
      t.message = "not checked: nvcc is not available on this machine";
    } else if (!nvcc.ok) {
      t.status = TestStatus::failed;
      t.message = "not checked: nvcc could not compile the file";
    } else {
      kind->run({check, nvcc, code, s, evidence}, t);
    }
    tests.push_back(t);
  }
  return tests;
}

void pass_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::passed;
  t.score = t.max_score;
  t.message = message;
}

void fail_check(TestResult& t, const std::string& message) {
  t.status = TestStatus::failed;
  t.score = 0;
  t.message = message;
}

}  // namespace kit
