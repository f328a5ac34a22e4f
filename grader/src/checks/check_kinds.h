// The kit's checks, one file each (check_<kind>.cpp), rows of check_table.cpp.
#pragma once

#include "checks/check.h"

namespace kit {

extern const Check kCorrectnessCheck;  // check_correctness.cpp: the rubric's cases, on either backend
extern const Check kTechniqueCheck;    // check_technique.cpp: how the kernels work (technique.h)
extern const Check kPerformanceCheck;  // check_performance.cpp: the timed runs, on a GPU
extern const Check kWrittenCheck;      // check_written.cpp: the answers to the written questions

}  // namespace kit
