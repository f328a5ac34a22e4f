// uses_shared_memory: a tiled kernel shows shared memory and a barrier in ptxas's resource usage.
#include "checks/technique_kinds.h"

#include <set>

#include "run/answer_flow.h"

namespace kit {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

std::string usage_line(const KernelResources& k) {
  return k.name + ": " + std::to_string(k.shared_bytes) + " bytes of static shared memory, " +
         std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers");
}

}  // namespace

std::string shared_memory_failure(const std::vector<KernelResources>& counted, bool dynamic) {
  for (const KernelResources& k : counted)
    if ((k.shared_bytes > 0 || dynamic) && k.barriers == 0)
      return k.name + " uses " +
             (k.shared_bytes > 0 ? std::to_string(k.shared_bytes) + " bytes of shared memory" : std::string("dynamic shared memory")) +
             " but no barrier: the threads of a block that share a tile wait for each other at __syncthreads() "
             "between its stores and its reads (__syncwarp() orders one warp only, and is no barrier of the block)";
  for (const KernelResources& k : counted)
    if (k.barriers > 0)
      return k.name + " has " + std::to_string(k.barriers) + (k.barriers == 1 ? " barrier" : " barriers") +
             " but no shared memory: nothing is staged in a tile for the block to share";
  return "no shared memory: no kernel stages tiles in shared memory behind a barrier";
}

bool declares_dynamic_shared_memory(const std::string& code) {
  static const std::string kShared = "__shared__", kExtern = "extern";
  for (std::size_t at = code.find(kShared); at != std::string::npos; at = code.find(kShared, at + 1)) {
    const std::size_t end = at + kShared.size();
    if ((at > 0 && is_name_char(code[at - 1])) || (end < code.size() && is_name_char(code[end]))) continue;
    std::size_t before = at;
    while (before > 0 && (code[before - 1] == ' ' || code[before - 1] == '\t' || code[before - 1] == '\n' ||
                          code[before - 1] == '\r'))
      --before;
    if (before >= kExtern.size() && code.compare(before - kExtern.size(), kExtern.size(), kExtern) == 0 &&
        (before == kExtern.size() || !is_name_char(code[before - kExtern.size() - 1])))
      return true;
  }
  return false;
}

// Dynamic shared memory (extern __shared__) is sized at launch, so for it the code's declaration stands
// in for the byte count (the code only: one written in a comment or a string declares nothing). Where a
// correctness run passed, only the kernels whose writes reached its output count (answer_flow.h): a tiled
// kernel that is defined, or launched beside host code that computes the answer, proves nothing.
void check_uses_shared_memory(const TechniqueInput& in, TestResult& t) {
  const bool dynamic = declares_dynamic_shared_memory(in.code);
  const std::set<std::string>& launched = in.evidence.launched_kernels;
  std::string usage;
  std::vector<KernelResources> counted;
  for (const KernelResources& k : in.nvcc.kernels) {
    const bool ran = (launched.empty() && !in.evidence.kernels_recorded) || launched.count(kernel_key(k.name));
    usage += "\n  " + usage_line(k) + (ran ? "" : " (its writes reached no passing output)");
    if (ran) counted.push_back(k);
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
    t.message = in.nvcc.kernels.empty() ? "no kernel found in the file" : shared_memory_failure(counted, dynamic);
    t.details = "what the compiler reports (nvcc --resource-usage):" + (usage.empty() ? std::string("\n  nothing") : usage);
  }
}

}  // namespace kit
