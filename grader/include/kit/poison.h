// The bit pattern the runner writes into every output element before the student's code runs: a quiet
// NaN with a payload no arithmetic produces, so an element still holding it was never written.
#pragma once

namespace kit {

constexpr unsigned kPoisonBits = 0x7FDEAD00u;

}  // namespace kit
