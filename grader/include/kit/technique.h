// Technique checks: how the kernels work, not only what they compute. Each kind is one row of a table
// (technique.cpp) and one file: uses_shared_memory reads the compiler's resource usage, wherever nvcc is;
// coalesced_access and no_bank_conflicts run one of the student's functions once and count how its
// kernels touch memory, on a GPU or on the CPU backend (memory_access.h); frees_device_memory,
// checks_errors and waits_for_copy_back judge host code from the record of its runtime calls
// (recorded_run.h).
#pragma once

#include <string>
#include <vector>

#include "kit/build.h"
#include "kit/result.h"
#include "kit/session.h"

namespace kit {

// A threshold a kind reads from the rubric, with the value it takes when the rubric does not give one.
struct TechniqueLimit {
  const char* name;  // "max_sectors_per_request"
  double default_value;
};

// What a check is given.
struct TechniqueInput {
  const TechniqueCheck& check;
  const NvccCheck& nvcc;
  // The student's file as code only: comments and string and character literals blanked
  // (code_without_comments_and_literals), so that a word in a comment or a message earns nothing.
  const std::string& code;
  Session& session;
  const CorrectnessEvidence& evidence;  // what the correctness runs showed of the kernels (kit/worker.h)
};

struct TechniqueKind {
  const char* name;            // the rubric's `check:`
  bool runs_the_function;      // needs the rubric's `function` and `size`
  std::vector<TechniqueLimit> limits;
  // Sets the result's status, score, message and details; called only when nvcc compiled the file,
  // unless the kind does not need nvcc.
  void (*run)(const TechniqueInput& input, TestResult& result);
  // The checks of host code (technique_host_code.cpp) and of a timing's report
  // (technique_timing_report.cpp) judge a run's record of runtime calls, which both backends make: they
  // run wherever the file builds.
  bool needs_nvcc = true;
};

const std::vector<TechniqueKind>& technique_kinds();
const TechniqueKind* find_technique_kind(const std::string& name);

// `source_text`: the student's file as it is; the checks see it as code only (TechniqueInput::code).
// `evidence`: what the correctness tests showed, which the checks of launched kernels and host code judge.
std::vector<TestResult> run_technique_checks(Session& session, const CorrectnessEvidence& evidence, const NvccCheck& nvcc,
                                             const std::string& source_text);

}  // namespace kit
