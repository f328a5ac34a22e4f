// Runs one correctness test: the student's runner on one size with every input seed, in a child process,
// and the verdict that teaches. On the CPU backend the test runs in several thread orders (a result that
// changes with the order is a race), and small sizes also run under AddressSanitizer and ThreadSanitizer.
#pragma once

#include "kit/cases.h"
#include "kit/result.h"
#include "kit/session.h"

namespace kit {

// `hung` (optional) is set when the test's build ran into the time limit: the caller runs no more tests
// of that build.
TestResult run_correctness_test(Session& session, const TestCase& test, bool* hung = nullptr);

// The builds run_correctness_test may use for `test`: the fast build of its knobs and, on the CPU backend
// at small sizes, the sanitizer builds. (The access checks' build is made only when a failure needs it.)
std::vector<StudentBuild> builds_for_test(const Session& session, const TestCase& test);

}  // namespace kit
