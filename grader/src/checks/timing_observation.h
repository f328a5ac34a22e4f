// What the timing checks judge (technique_timing_report.cpp): one run of the student's timing function,
// with the four numbers it reported and the runtime calls it made, and the kit's own time of the same
// kernel, measured in a separate runner built from the kit's copy of the file, so nothing the student's
// process does can touch it. Measured once per grading and shared by the checks.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks/technique.h"
#include "performance/timing_bounds.h"

namespace kit {

struct TimingObservation {
  std::string error;       // why nothing could be judged: the run failed, the kit's runner did not build
  bool skipped = false;    // the error is the machine's, not the student's (no kit copy to time)
  Dims dims;               // the size run: the check's size, capped on the CPU backend
  double bytes = 0;        // read + written by one launch, from the problem's work model
  std::string cuda_error;  // the error the student's function left behind, or ""
  ReportedTiming reported;
  std::vector<nlohmann::json> calls;  // the student's runtime calls, in order
  double kit_ms = 0;       // the kit's time of one launch: median of its samples
  int kit_samples = 0;
  std::string kit_clock;   // how the kit timed it: "cudaEvents (timing_protocol.h)" or "the grader's clock"
  LaunchShape kit_launch;  // the launch the kit's runner made: the kernel and configuration timed
};

// The student's function is `check.function`; the kit's runner is built from
// solutions/<assignment>/<first student file> and timed through its `launch_scale` entry.
const TimingObservation& observe_timing(const TechniqueInput& input);

}  // namespace kit
