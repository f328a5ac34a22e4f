// How one call of the student's function is timed (GPU only). The grader decides how many samples to
// take and what to make of them (grader/src/performance/timing_rule.h); the runner times each call it is asked to:
//
// reset the persisting-L2 carve-out, flush L2 by writing a buffer twice its size, then an event, the
// call, an event; then a device-wide synchronise and a third event, so that work the call left running
// on another stream shows as a gap between the second and the third; then a probe that reads the SM
// clock, so that a sample taken while the GPU throttled can be set aside.
#pragma once

#include <string>

#include "kit/harness.h"

namespace kit {

struct Sample {
  std::string error;     // non-empty when the call could not be timed
  double ms = 0;         // from before the call to the event recorded after it
  double ms_synced = 0;  // to the event recorded after every stream of the device finished
  double sm_clock_mhz = 0;
};

// True when this runner was built with a timing implementation (the cuda backend).
bool timing_available();

// The device arrays already hold this sample's inputs and the outputs' poison (the grader put them there).
Sample time_one_call(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims);

}  // namespace kit
