// The checks behind technique.cpp's table, one file each.
#pragma once

#include <string>

#include "assignment/access_profile.h"
#include "checks/technique.h"

namespace kit {

// A check's verdict: passed with its full score, or failed with none; the message says why either way.
void pass_check(TestResult& result, const std::string& message);
void fail_check(TestResult& result, const std::string& message);

// technique_shared_memory.cpp
// Whether `code` (comments and literals blanked: TechniqueInput::code) declares an `extern __shared__`
// array, whose size the launch gives and ptxas's static count therefore misses.
bool declares_dynamic_shared_memory(const std::string& code);

// Why uses_shared_memory failed, from the kernels whose work counted: shared memory without a barrier
// (__syncwarp orders one warp and ptxas counts no barrier for it), a barrier without shared memory, or
// neither. `dynamic`: the code declares extern __shared__ memory.
std::string shared_memory_failure(const std::vector<KernelResources>& counted, bool dynamic);
void check_uses_shared_memory(const TechniqueInput& input, TestResult& result);

// technique_memory_access.cpp
// What a memory-access check is when its profile could not be measured (assignment/access_profile.h).
TestStatus status_without_profile(ProfileFailure failure);
void check_coalesced_access(const TechniqueInput& input, TestResult& result);
void check_no_bank_conflicts(const TechniqueInput& input, TestResult& result);

// technique_timing_report.cpp: what a timing function reported (timing_observation.h)
void check_reports_event_time(const TechniqueInput& input, TestResult& result);
void check_reports_effective_bandwidth(const TechniqueInput& input, TestResult& result);
void check_reports_host_clocks(const TechniqueInput& input, TestResult& result);
void check_destroys_events(const TechniqueInput& input, TestResult& result);

// technique_host_code.cpp
void check_frees_device_memory(const TechniqueInput& input, TestResult& result);
void check_checks_errors(const TechniqueInput& input, TestResult& result);
void check_waits_for_copy_back(const TechniqueInput& input, TestResult& result);

}  // namespace kit
