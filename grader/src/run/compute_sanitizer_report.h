// What compute-sanitizer printed, as a student needs it: the lines about their file, and the first
// finding (finding.h), so that a GPU run names a bug the way the CPU backend does ("out-of-bounds write
// at matmul_naive.cu:27").
#pragma once

#include <string>

#include "run/finding.h"

namespace kit {

// The lines of a report a student needs: what went wrong, and where in their file (at most 12).
std::string sanitizer_findings(const std::string& report, const std::string& student_file);

// racecheck: a shared-memory hazard, at the first line of the student's file the report names.
Finding racecheck_finding(const std::string& report, const std::string& student_file);

// memcheck: the first invalid access ("Invalid __global__ write of size 4 bytes ... at kernel+0x70 in
// .../matmul_naive.cu:27"): an out-of-bounds read or write (of shared memory for __shared__, an invalid
// address for other address spaces), at its line. Category::none when the report has none.
Finding memcheck_finding(const std::string& report, const std::string& student_file);

}  // namespace kit
