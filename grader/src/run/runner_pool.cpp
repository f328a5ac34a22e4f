#include "run/runner_pool.h"

#include <algorithm>

namespace kit {
namespace {

// A sandbox's CPU-time limit is minutes (os/sandbox.h) and the CPU backend runs a block on every core:
// ten seconds of a runner's tests stay far from it on any machine. Past that, or that many tests, a
// runner ends and a new one starts: a process that leaks a little per test never grows far.
constexpr double kMaxKeptSeconds = 10;
constexpr int kMaxKeptCases = 100;

}  // namespace

bool worth_keeping(const KeptRunner& runner) {
  return runner.child && runner.seconds < kMaxKeptSeconds && runner.cases < kMaxKeptCases;
}

std::optional<KeptRunner> RunnerPool::take(const std::string& key) {
  const auto found = std::find_if(runners_.rbegin(), runners_.rend(), [&](const auto& kept) { return kept.first == key; });
  if (found == runners_.rend()) return std::nullopt;
  KeptRunner runner = std::move(found->second);
  runners_.erase(std::next(found).base());
  return runner;
}

void RunnerPool::keep(const std::string& key, KeptRunner runner) {
  if (!enabled() || !worth_keeping(runner) || given_up_.count(key) > 0) return;
  runners_.emplace_back(key, std::move(runner));
  while (runners_.size() > max_idle_) runners_.erase(runners_.begin());
}

}  // namespace kit
