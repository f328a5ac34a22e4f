// What the reports know of the checks (check.h): the sections, in the order reports show them, and what
// a skipped test of each means. Nothing more, so that a report never names a check.
#pragma once

#include <vector>

#include "result/result.h"

namespace kit {

// What a skipped test of a check means to the reports.
enum class SkippedMeans {
  not_checked,         // skipped, and says why
  graded_by_a_person,  // pending everywhere until a person scores it (an open written question)
  measured_on_a_gpu,   // pending in Gradescope, where the course's GPU grading measures it
};

// The sections of a report in the order it shows them: the gate's build section, the checks' by rank,
// then any category of `tests` that no check names (a result read from elsewhere), as it first appears.
std::vector<TestCategory> report_sections(const std::vector<TestResult>& tests);

// not_checked for the build section and for a category no check names.
SkippedMeans skipped_means(const TestCategory& category);

}  // namespace kit
