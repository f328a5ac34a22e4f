#include "run/seed_conversation.h"

namespace kit {

std::string SeedConversation::next(const std::string& channel) {
  std::string reply;
  for (const Record& record : reader.take(channel)) {
    const nlohmann::json j = nlohmann::json::parse(record.bytes, nullptr, false);
    const std::string type = j.is_object() ? j.value("type", "") : "";
    if (type == "call") {
      calls.push_back(j);
      ++calls_this_seed;
    } else if (type == "ready") {
      if (j.value("status", "") != "ok") {
        harness_error = j.value("error", std::string("the runner could not start"));
        return "quit\n";
      }
      ready = true;
      reply = start_seed();
    } else if (type == "done" && started > runs.size()) {  // a "done" out of turn is ignored
      take_done(j);
      const bool ok = j.value("status", "") == "ok";
      finished = ok && runs.size() == seeds.size() && keep_runner;
      reply = ok && runs.size() < seeds.size() ? start_seed() : finished ? "" : "quit\n";
    }
  }
  return reply;
}

void SeedConversation::take_done(const nlohmann::json& j) {
  // The runner counts the calls it reported: fewer arrived when the channel was turned aside.
  const nlohmann::json sent = j.value("calls", nlohmann::json());
  if (record_cut.empty() && (!sent.is_number_unsigned() || sent.get<std::size_t>() != calls_this_seed))
    record_cut = "the runner reported " + (sent.is_number_unsigned() ? std::to_string(sent.get<std::size_t>()) : "?") +
                 " runtime calls and " + std::to_string(calls_this_seed) + " reached the grader";
  calls_this_seed = 0;
  seed_ends.push_back(calls.size());
  SeedRun run;
  run.seed = seeds[runs.size()];
  run.done = j;
  run.arena = read_back(memory, layout, inputs(run.seed));
  runs.push_back(std::move(run));
}

const Arrays& SeedConversation::inputs(std::uint64_t seed) { return given ? *given : case_data(s, t, seed).inputs; }

std::string SeedConversation::start_seed() {
  const std::uint64_t seed = seeds[started++];
  load_inputs(memory, layout, inputs(seed));
  poison_outputs(memory, layout, seed);
  return "run\n";
}

}  // namespace kit
