// For the tests of children kept between turns (os/process.h, run_turn): a conversation that only
// listens, and ends the turn once the channel received so far satisfies `done`.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "os/process.h"

namespace kit {

inline void end_turn_when(ProcessRequest& r, std::function<bool(const std::string&)> done) {
  auto seen = std::make_shared<std::string>();
  r.converse = [seen](const std::string& channel) {
    *seen = channel;
    return std::string();
  };
  r.turn_over = [seen, done] { return done(*seen); };
}

}  // namespace kit
