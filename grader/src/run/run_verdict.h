// What one run of the runner (one mode, one thread order) showed, as the pieces of a correctness test
// hand it on: the ending reader (run_ending.h) and the output judge (run_outputs.h) fill it, the merge
// policy (correctness_merge.h) weighs it against the test's other runs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "assignment/launch_record.h"
#include "kit/array.h"
#include "run/failure_pictures.h"
#include "run/finding.h"

namespace kit {

struct RunVerdict {
  bool passed = false;
  bool fatal = false;  // crashed, hung or diagnosed: there are no outputs to compare across orders
  std::string message;
  std::string details;
  std::vector<std::string> output_signatures;  // per seed: the output bytes, to compare orders
  bool warned = false;     // right, with warnings from the CPU backend (in details)
  bool timed_out = false;  // the run reached the test's time limit
  // The grader's clock ended it (the test's time limit, or the stall watchdog's limits.run_seconds), not
  // a diagnosis: a busy machine can do that to a correct run, so the test is run once more.
  bool stopped_by_clock = false;
  Finding finding;         // what the message names
  std::optional<WrongPicture> wrong_picture;  // a picture problem's first wrong output, to show as pictures
  std::vector<Arrays> given_outputs;  // with inputs given by the caller: the outputs each seed left
  std::vector<LaunchRecord> launches;  // the launch record of the run
};

// Ends `v` as a run whose outputs cannot be judged: `message` heads it; under it `label`, `more` and,
// when there is any, the program's last `output`.
RunVerdict& stop_run(RunVerdict& v, const std::string& message, const std::string& more, const std::string& label,
                     const std::string& output);

}  // namespace kit
