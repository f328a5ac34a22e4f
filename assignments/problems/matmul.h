// Matrix multiplication P = M x N with M of j x k, N of k x l and P of j x l, all row-major floats.
// The square assignments use j = k = l = Width.
#pragma once

#include "kit/problem.h"

namespace kit {

extern const ProblemInputs kMatmulInputs;
extern const ProblemDef kMatmulProblem;

}  // namespace kit
