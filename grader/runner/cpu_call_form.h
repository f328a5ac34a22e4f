// The CPU backend's record of one runtime call (kitcpu/runtime_calls.h) in the form the grader judges
// (grader/src/run/runtime_calls.h), naming the arena's arrays: the runner adopts the arena as region 0.
#pragma once

#include <kitcpu/runtime_calls.h>
#include <nlohmann/json.hpp>

#include "kit/runner_case.h"

namespace kit {

// The launch, copy, allocation, free, event or synchronisation as the grader's record has it (events and
// waits are what a timing is judged by), or null for a call the grader does not judge (the arena's
// adoption, ...). `base`, the arena's address, finds the harness's host copies of its arrays
// (runtime_record.h); without it host memory is only "host".
// A memory reference as the record names it (a copy's "from" or "to").
nlohmann::json memory_end_of(const kitcpu::MemoryReference& m, const RunnerCase& layout, const unsigned char* base);

nlohmann::json judged_form(const kitcpu::RuntimeCall& call, const RunnerCase& layout,
                           const unsigned char* base = nullptr);

}  // namespace kit
