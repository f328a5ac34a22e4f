#include "checks/correctness_merge.h"

namespace kit {
namespace {

void append_detail(std::string& text, const std::string& line) { text += (text.empty() ? "" : "\n") + line; }

// Whether the outputs of the first seed differ between two orders that both finished.
bool orders_disagree(const std::vector<RunVerdict>& verdicts) {
  const RunVerdict& front = verdicts.front();
  for (const RunVerdict& v : verdicts)
    if (!v.fatal && !front.fatal && !v.output_signatures.empty() && !front.output_signatures.empty() &&
        v.output_signatures.front() != front.output_signatures.front())
      return true;
  return false;
}

}  // namespace

const RunVerdict* first_failing(const std::vector<RunVerdict>& verdicts) {
  for (const RunVerdict& v : verdicts)
    if (!v.passed) return &v;
  return nullptr;
}

TestVerdict merge_orders(const std::vector<RunVerdict>& verdicts, const std::vector<std::string>& orders,
                         bool shared_memory) {
  TestVerdict test;
  const RunVerdict* failing = first_failing(verdicts);
  const bool disagree = !verdicts.empty() && orders_disagree(verdicts);
  test.passed = !failing && !disagree;
  if (disagree && !(failing && failing->fatal)) {
    test.message = shared_memory
                       ? "the result changes with the order in which the threads run: two threads store one "
                         "element, or a __syncthreads() is missing between a shared-memory store and another "
                         "thread's read of it"
                       : "the result changes with the order in which the threads run: two threads store one "
                         "element, or one reads an element another stores (the kernels launched use no shared "
                         "memory, so no barrier is missing)";
    for (std::size_t i = 0; i < verdicts.size(); ++i)
      test.details += "thread order " + orders[i] + ": " + (verdicts[i].passed ? "right" : verdicts[i].message) + "\n";
    if (failing) test.details += failing->details;
    test.finding.category = Category::order_dependent_result;
    test.barrier_suspected = shared_memory;
  } else if (failing) {
    test.message = failing->message;
    test.details = failing->details;
    test.finding = failing->finding;
  }
  return test;
}

bool finding_counts(RunMode mode, const RunVerdict& v) {
  if (!v.fatal) return false;
  if (mode == RunMode::tsan || mode == RunMode::racecheck) return names_a_race(v.finding.category);
  if (mode == RunMode::memcheck) return v.finding.line > 0;
  return true;
}

void add_finding(TestVerdict& test, const RunVerdict& v) {
  const bool headline = test.passed || (v.finding.line > 0 && test.finding.line == 0);
  // Two threads storing one element is what made the result depend on the order: the order's guess at a
  // missing barrier would only mislead under it.
  const bool answers_the_order = test.finding.category == Category::order_dependent_result &&
                                 v.finding.category == Category::write_conflict;
  if (headline && !test.passed && !answers_the_order)
    test.details = test.message + (test.details.empty() ? "" : "\n" + test.details);
  if (headline) {
    test.message = v.message;
    test.finding = v.finding;
  } else {
    append_detail(test.details, v.message);
  }
  test.passed = false;
  append_detail(test.details, v.details);
}

void settle_order_headline(TestVerdict& test) {
  if (test.passed || !test.access_checks_clean || !test.barrier_suspected ||
      test.finding.category != Category::order_dependent_result)
    return;
  test.message =
      "the result changes with the order in which the threads run, yet the access checks found no shared-memory "
      "read before its barrier and no element stored by two threads: a thread reads an element of device memory "
      "that another thread stores (a block of its own cannot wait for another: look at which elements each "
      "block reads and writes)";
}

}  // namespace kit
