// coalesced_access and no_bank_conflicts: one run of the student's function, counted by memory_access.h.
#include <algorithm>
#include <cstdio>

#include "checks/memory_access.h"
#include "checks/technique_kinds.h"

namespace kit {
namespace {

constexpr std::size_t kSitesShown = 4;

std::string two_significant(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2g", v);
  return buf;
}

}  // namespace

TestStatus status_without_profile(ProfileFailure failure) {
  switch (failure) {
    case ProfileFailure::tool_missing: return TestStatus::skipped;
    case ProfileFailure::tool: return TestStatus::error;
    case ProfileFailure::none:
    case ProfileFailure::function: break;
  }
  return TestStatus::failed;
}

namespace {

// The profile, or the reason there is none: a function that crashes fails; a tool the machine lacks
// leaves the check skipped; a tool that failed on a function that runs cleanly is the machine's error, not
// the student's failure, and the report says to grade the file again.
const AccessProfile* profile_or_result(const TechniqueInput& in, TestResult& t) {
  const Function& fn = in.session.assignment.rubric.functions[in.check.function];
  const AccessProfile& p = access_profile(in.session, fn, in.check.size);
  if (p.error.empty()) return &p;
  t.status = status_without_profile(p.failure);
  t.message = "not checked: " + p.error;
  return nullptr;
}

// The sentences of the worst accesses, by `cost` per request, worst first.
std::string worst(std::vector<MemoryAccess> accesses, double (*cost)(const MemoryAccess&), const std::string& measured_by) {
  std::sort(accesses.begin(), accesses.end(),
            [&](const MemoryAccess& a, const MemoryAccess& b) { return cost(a) > cost(b); });
  std::string text;
  for (std::size_t i = 0; i < accesses.size() && i < kSitesShown; ++i) text += accesses[i].sentence + "\n";
  return text + "measured by " + measured_by;
}

double sectors_per_request(const MemoryAccess& a) { return a.requests > 0 ? a.sectors / a.requests : 0; }
double conflicts_per_request(const MemoryAccess& a) { return a.requests > 0 ? a.bank_conflicts / a.requests : 0; }

}  // namespace

// Global loads and stores, each direction averaged over the function's kernels: a warp of 32 threads
// reading 32 consecutive floats touches 4 sectors; a warp reading down a column touches 32.
void check_coalesced_access(const TechniqueInput& in, TestResult& t) {
  const AccessProfile* p = profile_or_result(in, t);
  if (!p) return;
  const double limit = in.check.limits.at("max_sectors_per_request");
  std::vector<MemoryAccess> global;
  std::string summary, over;
  for (const char* kind : {"load", "store"}) {
    double sectors = 0, requests = 0;
    for (const MemoryAccess& a : p->accesses)
      if (a.space == "global" && a.kind == kind) {
        sectors += a.sectors;
        requests += a.requests;
        global.push_back(a);
      }
    if (requests == 0) continue;
    const std::string line = std::string(kind) + "s " + two_significant(sectors / requests) + " sectors per request";
    summary += (summary.empty() ? "" : ", ") + line;
    if (sectors / requests > limit) over += (over.empty() ? "" : "; ") + line;
  }
  t.metrics["max_sectors_per_request"] = limit;
  if (global.empty()) {
    t.status = TestStatus::failed;
    t.message = "no load or store of global memory was seen: does the function launch its kernel?";
    return;
  }
  if (over.empty()) return pass_check(t, summary + " (at most " + two_significant(limit) + "; 4 is ideal for 32 floats)");
  t.status = TestStatus::failed;
  t.message = "uncoalesced: " + over + " (at most " + two_significant(limit) + " allowed, 4 is ideal for 32 floats)";
  t.details = worst(global, sectors_per_request, p->measured_by);
}

// Shared loads and stores together: a warp whose 32 threads hit 32 different banks (or share a word)
// is served in one pass; n threads on different words of one bank need n passes.
void check_no_bank_conflicts(const TechniqueInput& in, TestResult& t) {
  const AccessProfile* p = profile_or_result(in, t);
  if (!p) return;
  const double limit = in.check.limits.at("max_bank_conflicts_per_request");
  std::vector<MemoryAccess> shared;
  double conflicts = 0, requests = 0;
  for (const MemoryAccess& a : p->accesses)
    if (a.space == "shared") {
      conflicts += a.bank_conflicts;
      requests += a.requests;
      shared.push_back(a);
    }
  t.metrics["max_bank_conflicts_per_request"] = limit;
  if (shared.empty()) {
    t.status = TestStatus::failed;
    t.message = "no load or store of shared memory was seen: the tile is not in shared memory";
    return;
  }
  const double per_request = conflicts / requests;
  if (per_request <= limit)
    return pass_check(t, two_significant(per_request) + " bank conflicts per shared-memory request (at most " + two_significant(limit) + ")");
  t.status = TestStatus::failed;
  t.message = "bank conflicts: " + two_significant(per_request) + " per shared-memory request (at most " + two_significant(limit) +
              " allowed): threads of a warp wait for each other at the same bank";
  t.details = worst(shared, conflicts_per_request, p->measured_by);
}

}  // namespace kit
