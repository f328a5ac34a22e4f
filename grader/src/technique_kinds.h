// The checks behind technique.cpp's table, one file each.
#pragma once

#include "kit/technique.h"

namespace kit {

// technique_shared_memory.cpp
void check_uses_shared_memory(const TechniqueInput& input, TestResult& result);

// technique_memory_access.cpp
void check_coalesced_access(const TechniqueInput& input, TestResult& result);
void check_no_bank_conflicts(const TechniqueInput& input, TestResult& result);

}  // namespace kit
