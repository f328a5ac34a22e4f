#include "kit/technique.h"

namespace kit {
namespace {

std::string usage_line(const KernelResources& k) {
  return k.name + ": " + std::to_string(k.shared_bytes) + " bytes of static shared memory, " +
         std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers");
}

// A tiled kernel shows shared memory and a barrier in ptxas's report; dynamic shared memory (extern
// __shared__) is sized at launch, so for it the source's declaration stands in for the byte count.
void uses_shared_memory(const NvccCheck& nvcc, const std::string& source, TestResult& t) {
  const bool dynamic = source.find("extern __shared__") != std::string::npos;
  std::string usage;
  for (const KernelResources& k : nvcc.kernels) {
    usage += "\n  " + usage_line(k);
    if ((k.shared_bytes > 0 || dynamic) && k.barriers > 0) {
      t.status = TestStatus::passed;
      t.score = t.max_score;
      t.message = k.name + " uses " + (k.shared_bytes > 0 ? std::to_string(k.shared_bytes) + " bytes of shared memory"
                                                          : std::string("dynamic shared memory")) +
                  " per block and " + std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers");
    }
  }
  if (t.status != TestStatus::passed) {
    t.status = TestStatus::failed;
    t.message = nvcc.kernels.empty() ? "no kernel found in the file" : "no shared memory: no kernel stages tiles in shared memory behind a barrier";
    t.details = "what the compiler reports (nvcc --resource-usage):" + (usage.empty() ? std::string("\n  nothing") : usage);
  }
}

}  // namespace

std::vector<TestResult> run_technique_checks(const Rubric& rubric, const NvccCheck& nvcc, const std::string& source) {
  std::vector<TestResult> tests;
  for (const TechniqueCheck& check : rubric.technique) {
    TestResult t;
    t.name = check.name;
    t.group = "technique";
    t.category = TestCategory::technique;
    t.max_score = check.points;
    if (!nvcc.ran) {
      t.status = TestStatus::skipped;
      t.message = "not checked: nvcc is not available on this machine";
    } else if (!nvcc.ok) {
      t.status = TestStatus::failed;
      t.message = "not checked: nvcc could not compile the file";
    } else if (check.check == "uses_shared_memory") {
      uses_shared_memory(nvcc, source, t);
    }
    tests.push_back(t);
  }
  return tests;
}

}  // namespace kit
