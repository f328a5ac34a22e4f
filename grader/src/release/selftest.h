// The instructor's proof that the kit is sound: every solution earns full marks, every starter compiles,
// earns no correctness points and crashes nothing, and every starter is in sync with its solution.
#pragma once

#include <string>
#include <vector>

namespace kit {

struct SelftestLine {
  std::string assignment;
  std::string what;     // "solution", "starter", "starter in sync"
  bool ok = false;
  std::string summary;  // "100 / 100", "0 of 60 correctness points", or what went wrong
};

// Grades the solutions and starters of the assignments given (all when empty) on `backend`.
std::vector<SelftestLine> run_selftest(const std::vector<std::string>& assignments, const std::string& backend,
                                       bool unsandboxed, std::string* backend_reason);

}  // namespace kit
