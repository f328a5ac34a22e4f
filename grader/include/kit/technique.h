// Technique checks: how the kernel works, not only what it computes. They read the compiler's resource
// usage, so they run wherever nvcc is, with or without a GPU.
#pragma once

#include <vector>

#include "kit/build.h"
#include "kit/result.h"
#include "kit/rubric.h"

namespace kit {

std::vector<TestResult> run_technique_checks(const Rubric& rubric, const NvccCheck& nvcc, const std::string& source_text);

}  // namespace kit
