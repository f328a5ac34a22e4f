// What compute-sanitizer printed, as a student needs it: the lines about their file, and the first
// finding as the kit's diagnosis (kit/result.h), so that a GPU run names a bug the way the CPU backend
// does ("out-of-bounds write at matmul_naive.cu:27").
#pragma once

#include <string>

#include "kit/result.h"

namespace kit {

// The lines of a report a student needs: what went wrong, and where in their file (at most 12).
std::string sanitizer_findings(const std::string& report, const std::string& student_file);

// racecheck: a shared-memory hazard, at the first line of the student's file the report names.
Diagnosis racecheck_diagnosis(const std::string& report, const std::string& student_file);

// memcheck: the first invalid access ("Invalid __global__ write of size 4 bytes ... at kernel+0x70 in
// .../matmul_naive.cu:27"): out-of-bounds-read or -write (shared-out-of-bounds-... for __shared__,
// invalid-address for other address spaces), at its line. Empty category when the report has none.
Diagnosis memcheck_diagnosis(const std::string& report, const std::string& student_file);

}  // namespace kit
