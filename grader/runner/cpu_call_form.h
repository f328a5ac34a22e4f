// The CPU backend's record of one runtime call (kitcpu/runtime_calls.h) in the form the grader judges
// (kit/runtime_calls.h), naming the arena's arrays: the runner adopts the arena as region 0.
#pragma once

#include <kitcpu/runtime_calls.h>
#include <nlohmann/json.hpp>

#include "kit/runner_case.h"

namespace kit {

// The launch, copy, event or synchronisation as the grader's record has it (events and waits are what a
// timing is judged by), or null for a call the grader does not judge (allocations, the arena's adoption).
nlohmann::json judged_form(const kitcpu::RuntimeCall& call, const RunnerCase& layout);

}  // namespace kit
