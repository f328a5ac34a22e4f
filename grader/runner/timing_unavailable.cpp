// The CPU backend measures no performance: a CPU's time says nothing about a GPU kernel's.
#include "timing_protocol.h"

namespace kit {

bool timing_available() { return false; }

Sample time_one_call(const HarnessEntry&, const DeviceArrays&, const Dims&) {
  Sample s;
  s.error = "performance is not measured on the CPU backend";
  return s;
}

}  // namespace kit
