// Where a grading's time goes: seconds per stage ("build", "references", "correctness runs", ...), for
// the JSON report's "stages" and `grade --verbose`. Stages nest (a build started by a correctness test);
// each second is counted once, in the innermost stage open at the time, so the stages add up to the time
// spent in any of them.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace kit {

class StageClock {
 public:
  using Clock = std::chrono::steady_clock;

  void enter(const std::string& stage, Clock::time_point now = Clock::now());
  void leave(Clock::time_point now = Clock::now());  // the innermost open stage; nothing when none is open
  // Every stage's seconds so far, the open ones up to `now`.
  std::map<std::string, double> seconds(Clock::time_point now = Clock::now()) const;
  // Seconds another clock counted (a worker's, for work done side by side): then the stages add up to
  // more than the time that passed.
  void add(const std::map<std::string, double>& seconds);

 private:
  void credit(Clock::time_point now);  // the time since the last mark, to the innermost open stage

  std::map<std::string, double> seconds_;
  std::vector<std::string> open_;
  Clock::time_point mark_{};
};

// Keeps `stage` open for the lifetime of the object.
class StageScope {
 public:
  StageScope(StageClock& clock, const std::string& stage) : clock_(clock) { clock_.enter(stage); }
  ~StageScope() { clock_.leave(); }
  StageScope(const StageScope&) = delete;
  StageScope& operator=(const StageScope&) = delete;

 private:
  StageClock& clock_;
};

}  // namespace kit
