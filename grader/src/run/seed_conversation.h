// The grader's side of a correctness run's conversation with the runner: before each seed it writes the
// inputs and the poison into the arena; after the runner says it is done, it reads the arena back. The
// runner is asked to quit after the last seed or the first CUDA error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "assignment/cases.h"
#include "kit/channel.h"
#include "os/arena.h"
#include "run/session.h"

namespace kit {

// What one seed's run left: the runner's word on how the call ended, and the arena as the grader read it.
struct SeedRun {
  std::uint64_t seed = 0;
  nlohmann::json done;  // {"status": "ok" | "cuda-error", ...}
  ArenaReadback arena;
};

struct SeedConversation {
  SeedConversation(Session& session, const TestCase& test, const RunnerCase& c, DeviceMemory& arena,
                   const std::vector<std::uint64_t>& seed_list, const Arrays* given_inputs)
      : s(session), t(test), layout(c), memory(arena), seeds(seed_list), given(given_inputs) {}

  Session& s;
  const TestCase& t;
  const RunnerCase& layout;
  DeviceMemory& memory;
  const std::vector<std::uint64_t>& seeds;
  const Arrays* given;  // the caller's inputs for every seed; nullptr: the case's, drawn from each seed
  std::vector<SeedRun> runs;
  std::vector<nlohmann::json> calls;  // the runtime calls the student's code made (runtime_record.h)
  std::size_t calls_this_seed = 0;
  std::vector<std::size_t> seed_ends;  // one past each finished seed's last call
  std::string record_cut;  // why the record of calls cannot be believed, or ""
  std::string harness_error;
  RecordReader reader;
  std::size_t started = 0;
  bool ready = false;        // the runner took the case
  bool keep_runner = false;  // a clean end leaves the runner waiting for another case (run/runner_pool.h)
  bool finished = false;     // every seed ran, and the runner is left waiting

  // The grader's reply to what arrived on the runner's channel: "run\n", "quit\n" or nothing.
  std::string next(const std::string& channel);

 private:
  void take_done(const nlohmann::json& done);
  const Arrays& inputs(std::uint64_t seed);
  std::string start_seed();
};

}  // namespace kit
