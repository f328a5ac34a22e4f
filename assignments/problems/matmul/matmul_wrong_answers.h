// The wrong P's that typical matmul bugs compute, each with the cause a student should read: the phase
// count of a tiled kernel stopping short of k, P written transposed, M or N read transposed, M and N
// swapped. A candidate is offered only where its shape fits and where it differs from the right answer.
#pragma once

#include <vector>

#include "kit/problem.h"

namespace kit {

std::vector<WrongAnswer> matmul_wrong_answers(const Failure& failure);

}  // namespace kit
