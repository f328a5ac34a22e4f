#include "checks/cpu_twin.h"

#include <map>
#include <set>

#include "checks/correctness_modes.h"
#include "util/text.h"

namespace kit {

std::vector<std::size_t> cross_checked_tests(const Session& s, const std::vector<TestCase>& own) {
  std::vector<const TestCase*> candidates;
  for (const TestCase& t : own)
    if (t.build.empty() && t.device.empty() && small_enough(t.dims, s.assignment.rubric.cpu_checks.sanitizer_max_dim))
      candidates.push_back(&t);
  const std::set<std::string> picked = pick_memcheck_probes(candidates);
  std::vector<std::size_t> tests;
  for (std::size_t i = 0; i < own.size(); ++i)
    if (picked.count(own[i].group + "\n" + own[i].name)) tests.push_back(i);
  return tests;
}

namespace {

// A failure that says something of the file a GPU may hide: a bug the CPU backend found in the kernel's
// accesses, barriers or launch, or a wrong result. Not a test it did not run (the time budget, a build
// that hung), nor what may be the CPU backend's own limit: a hang or timeout (a spin on another block's
// flag waits forever where blocks take turns), a crash, a construct it does not run.
bool diagnosed_failure(const TestResult& t) {
  static const std::set<std::string> kHiddenOnAGpu = {
      "out-of-bounds-read", "out-of-bounds-write", "shared-out-of-bounds-read", "shared-out-of-bounds-write",
      "uninitialized-shared-read", "missing-barrier", "order-dependent-result", "write-conflict", "input-write",
      "divergent-barrier", "invalid-launch", "grid-too-small", "wrong-answer", "never-written"};
  return t.status == TestStatus::failed && kHiddenOnAGpu.count(t.diagnosis.category) > 0;
}

}  // namespace

void join_cross_check(TestResult& on_gpu, const TestResult& on_cpu) {
  if (!diagnosed_failure(on_cpu)) return;
  if (on_gpu.status == TestStatus::passed) {
    on_gpu.status = TestStatus::failed;
    on_gpu.score = 0;
    on_gpu.message = "on the CPU backend: " + on_cpu.message;
    on_gpu.details = "This GPU's run gave the right result, but the CPU backend, which runs this test beside the GPU "
                     "and checks every access and every barrier, found the bug above: this GPU hides it by the luck "
                     "of its hardware, which another GPU, or another run, need not share.\n" +
                     on_cpu.details;
    on_gpu.diagnosis = on_cpu.diagnosis;
    return;
  }
  if (on_gpu.status != TestStatus::failed || on_gpu.diagnosis.line > 0 || on_cpu.diagnosis.line == 0) return;
  on_gpu.details += std::string(on_gpu.details.empty() ? "" : "\n") +
                    "The CPU backend, which ran this test beside the GPU, names the line: " + on_cpu.message + "\n" +
                    indent_lines(on_cpu.details, "  ");
  on_gpu.diagnosis = on_cpu.diagnosis;
}

void give_virtual_points_to_the_gpu(const std::vector<TestCase>& cases, const std::string& why,
                                    std::vector<TestResult>& results) {
  std::map<std::string, double> own, virtual_devices;  // by group: points
  for (const TestCase& c : cases) (c.device.empty() ? own : virtual_devices)[c.group] += c.points;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    TestResult& t = results[i];
    const std::string& group = cases[i].group;
    if (cases[i].device.empty()) {
      if (!virtual_devices.count(group) || own[group] <= 0) continue;
      const double scale = (own[group] + virtual_devices[group]) / own[group];
      t.max_score *= scale;
      t.score *= scale;
      continue;
    }
    t.status = TestStatus::skipped;
    t.score = 0;
    t.max_score = own[group] > 0 ? 0 : t.max_score;
    t.message = "not measured: the CPU backend, which runs the virtual devices beside the GPU, could not build "
                "this file (" + first_line(why) + ")" +
                (own[group] > 0 ? "; the group's points are the GPU's tests'" : "");
    t.details = why;
  }
}

}  // namespace kit
