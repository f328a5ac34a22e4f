// The merge policy of a correctness test: how the plain runs in several thread orders make one verdict,
// and which checking run's finding heads the test. Pure: it sees verdicts, never processes.
#pragma once

#include <string>
#include <vector>

#include "run/finding.h"
#include "run/run_mode.h"
#include "run/run_verdict.h"

namespace kit {

struct TestVerdict {
  bool passed = false;
  std::string message;
  std::string details;
  Finding finding;
  // The CPU backend's access checks ran on this test and found nothing: no shared-memory read before the
  // barrier that orders it, no element stored by two threads.
  bool access_checks_clean = false;
  // The headline suspects a missing barrier (the orders disagree in kernels that can use shared memory).
  bool barrier_suspected = false;
};

// The first run that did not pass, or nullptr.
const RunVerdict* first_failing(const std::vector<RunVerdict>& verdicts);

// The plain runs, one per thread order (`orders`, the same length): the first failure leads, unless the
// orders' outputs disagree where none crashed, which is a race. `shared_memory`: whether the kernels the
// runs launched can touch shared memory (submission/kernel_source.h); only then is a missing barrier
// suspected, and otherwise the race is named as what it can be, threads that store or read one element.
TestVerdict merge_orders(const std::vector<RunVerdict>& verdicts, const std::vector<std::string>& orders,
                         bool shared_memory = true);

// Whether a checking run of `mode` found what that mode looks for: a race detector a race, memcheck an
// access it can place, the other checking builds anything that stopped the run.
bool finding_counts(RunMode mode, const RunVerdict& v);

// A checking run's finding joins the test. It heads the test when the test had passed so far, or when it
// names a line and the failure so far does not (a wrong value, a result that changes with the thread
// order): it says where and why, and the first failure moves under it. Otherwise it goes under the first
// failure, so that neither is lost.
void add_finding(TestVerdict& test, const RunVerdict& v);

// The order-dependent headline once the checking runs are done: when the access checks ran and found no
// shared-memory read before its barrier, a missing __syncthreads is no longer suspected; what is left is
// a thread that reads an element of device memory another thread stores, which no barrier orders across
// blocks.
void settle_order_headline(TestVerdict& test);

}  // namespace kit
