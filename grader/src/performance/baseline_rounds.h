// A batch's baselines, timed once for many students. Every grading of a batch compares its student with the
// same baselines (the reference solution, the naive kernel) on the same GPU, so their timed rounds are
// shared through a file beside the batch's timing lock: a grading takes a fresh round of a baseline only
// when the newest is getting old, and scores its student against the newest rounds, all timed on this GPU
// within the last few minutes (the fairness rule, docs/batch.md). Read and written only under the
// exclusive timing lock (os/timing_lock.h), so no two gradings touch the file at once.
#pragma once

#include <string>
#include <vector>

namespace kit {

// What one round of timing one kernel gave (performance/performance_run.h).
struct TimedRound {
  double median_ms = 0;       // the time the runner reported, median of the round's samples
  double wall_median_ms = 0;  // what the grader saw from asking for a sample to its answer, median
  int samples = 0;
  double gpu_seconds = 0;     // timed GPU work of the samples kept
  double wall_seconds = 0;    // from the runner's start (or its next case) to its last answer
  double sm_clock_mhz = 0;
  double timed_at = 0;        // when it ended, in seconds since the epoch
};

// A baseline's round as the batch keeps it.
struct SharedRound {
  std::string baseline;  // baseline_key(): the same kernel, built the same, at the same size, on one GPU
  TimedRound round;
};

struct SharingRule {
  double window_s = 180;  // a round older than this is never used
  double fresh_s = 30;    // a grading times a new round of a baseline whose newest is older than this
};

// The file a batch's gradings share rounds through: `<timing lock>.baselines` (os/timing_lock.h); empty
// outside a batch, where `timing_lock` is empty.
std::string shared_rounds_path(const std::string& timing_lock);

// One baseline kernel as the rounds name it: `program` says what its runner is built from and by.
std::string baseline_key(const std::string& name, const std::string& entry, const std::string& program,
                         const std::string& shape, const std::string& device);

// The rounds in the file no older than the rule's window at `now`. A missing, unreadable or damaged file
// holds none: its baselines are timed again.
std::vector<SharedRound> read_shared_rounds(const std::string& path, double now, const SharingRule& rule);

// Replaces the file whole (a temporary file renamed over it), so a grading that dies while writing
// leaves the old rounds or the new, never half of them. Throws std::runtime_error when it cannot.
void write_shared_rounds(const std::string& path, const std::vector<SharedRound>& rounds);

// How many rounds of `baseline` a grading times now so that its student is compared with `wanted` rounds,
// all within the window: those missing, or one when the newest is older than the rule's fresh_s.
int rounds_to_time(const std::vector<SharedRound>& in_window, const std::string& baseline, int wanted, double now,
                   const SharingRule& rule);

// The `count` newest rounds of `baseline`, oldest first.
std::vector<SharedRound> newest_rounds(const std::vector<SharedRound>& rounds, const std::string& baseline,
                                       int count);

}  // namespace kit
