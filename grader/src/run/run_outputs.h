// Reading a correctness run's outputs into its verdict, once the run ended in a way that leaves outputs
// to judge (run_ending.h): where the answer came from (the record of runtime calls), then each seed's
// arena (a CUDA error, damage around an array, a changed input, a wrong answer and its likely cause), then
// a runner that ended before its last seed.
#pragma once

#include <string>

#include "assignment/cases.h"
#include "run/run_ending.h"
#include "run/run_verdict.h"
#include "run/seed_conversation.h"
#include "run/session.h"

namespace kit {

// What the output judge needs besides the session: the conversation and how the run ended.
struct RunOutputs {
  const TestCase& test;
  const SeedConversation& talk;
  const RunEnding& ending;
  const CpuReports& reports;
  const Arrays* given_inputs;  // the caller's inputs: the outputs are kept, not compared
};

// Fills `v` from the outputs; `v.passed` when nothing was found.
void judge_outputs(Session& s, const RunOutputs& run, RunVerdict& v);

}  // namespace kit
