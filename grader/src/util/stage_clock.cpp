#include "util/stage_clock.h"

namespace kit {

void StageClock::credit(Clock::time_point now) {
  if (!open_.empty()) seconds_[open_.back()] += std::chrono::duration<double>(now - mark_).count();
  mark_ = now;
}

void StageClock::enter(const std::string& stage, Clock::time_point now) {
  credit(now);
  open_.push_back(stage);
  seconds_.emplace(stage, 0.0);
}

void StageClock::leave(Clock::time_point now) {
  if (open_.empty()) return;
  credit(now);
  open_.pop_back();
}

void StageClock::add(const std::map<std::string, double>& seconds) {
  for (const auto& [stage, s] : seconds) seconds_[stage] += s;
}

std::map<std::string, double> StageClock::seconds(Clock::time_point now) const {
  std::map<std::string, double> out = seconds_;
  if (!open_.empty()) out[open_.back()] += std::chrono::duration<double>(now - mark_).count();
  return out;
}

}  // namespace kit
