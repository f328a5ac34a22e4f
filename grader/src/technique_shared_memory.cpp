// uses_shared_memory: a tiled kernel shows shared memory and a barrier in ptxas's resource usage.
#include "technique_kinds.h"

#include <set>

namespace kit {
namespace {

std::string usage_line(const KernelResources& k) {
  return k.name + ": " + std::to_string(k.shared_bytes) + " bytes of static shared memory, " +
         std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers");
}

}  // namespace

// Dynamic shared memory (extern __shared__) is sized at launch, so for it the source's declaration
// stands in for the byte count. Where a correctness run passed, only the kernels whose writes reached
// its output count (answer_flow.h): a tiled kernel that is defined, or launched beside host code that
// computes the answer, proves nothing.
void check_uses_shared_memory(const TechniqueInput& in, TestResult& t) {
  const bool dynamic = in.source_text.find("extern __shared__") != std::string::npos;
  const std::set<std::string>& launched = in.session.launched_kernels;
  std::string usage;
  for (const KernelResources& k : in.nvcc.kernels) {
    const bool ran = (launched.empty() && !in.session.kernels_recorded) || launched.count(k.name.substr(0, k.name.find('(')));
    usage += "\n  " + usage_line(k) + (ran ? "" : " (its writes reached no passing output)");
    if ((k.shared_bytes > 0 || dynamic) && k.barriers > 0 && ran) {
      t.status = TestStatus::passed;
      t.score = t.max_score;
      t.message = k.name + " uses " + (k.shared_bytes > 0 ? std::to_string(k.shared_bytes) + " bytes of shared memory"
                                                          : std::string("dynamic shared memory")) +
                  " per block and " + std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers");
    }
  }
  if (t.status != TestStatus::passed) {
    t.status = TestStatus::failed;
    t.message = in.nvcc.kernels.empty() ? "no kernel found in the file"
                                        : "no shared memory: no kernel stages tiles in shared memory behind a barrier";
    t.details = "what the compiler reports (nvcc --resource-usage):" + (usage.empty() ? std::string("\n  nothing") : usage);
  }
}

}  // namespace kit
