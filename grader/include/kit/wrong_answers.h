// Naming a bug by its result: a wrong output is tried against the wrong answers its problem knows
// (kit/problem.h, WrongAnswer), and one that it equals names the cause, turning "4094 of 4096 elements
// wrong" into "your result equals M x N with k running only up to 48 of 50: the phase count rounds down".
#pragma once

#include <string>
#include <vector>

#include "kit/array.h"
#include "kit/problem.h"

namespace kit {

// The cause of the first candidate that `got` (output `output` of a run) equals, or "". Equal means
// every element within float rounding of the candidate: |got - candidate| <= 1e-4 (1 + |candidate|).
// A NaN or infinite element equals nothing.
std::string recognised_wrong_answer(const std::vector<WrongAnswer>& candidates, std::size_t output,
                                    const HostArray& got);

}  // namespace kit
