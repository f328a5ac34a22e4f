// How a wrong P is explained: a map of which output tiles are wrong, and a hint when only the tiles at
// the edges are (the boundary checks of a tiled kernel).
#pragma once

#include "kit/problem.h"

namespace kit {

std::string explain_matmul_failure(const Failure& failure);

}  // namespace kit
