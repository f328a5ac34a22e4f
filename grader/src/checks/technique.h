// Technique checks: how the kernels work, not only what they compute. Each kind is one row of a table
// (technique.cpp) and one file: uses_shared_memory reads the compiler's resource usage, where nvcc is;
// coalesced_access and no_bank_conflicts run one of the student's functions once and count how its
// kernels touch memory, on a GPU or on the CPU backend (memory_access.h); frees_device_memory,
// checks_errors and waits_for_copy_back judge host code from the record of its runtime calls
// (recorded_run.h).
#pragma once

#include <string>
#include <vector>

#include "assignment/technique_spec.h"
#include "build/build.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

// What a check is given.
struct TechniqueInput {
  const TechniqueCheck& check;
  const NvccCheck& nvcc;
  // The student's file as code only: comments and string and character literals blanked
  // (code_without_comments_and_literals), so that a word in a comment or a message earns nothing.
  const std::string& code;
  Session& session;
  const CorrectnessEvidence& evidence;  // what the correctness runs showed of the kernels (run/worker.h)
};

// How one kind of check is made; what a rubric may say of it (its thresholds, whether it needs nvcc) is
// its row of assignment/technique_spec.cpp.
struct TechniqueKind {
  const char* name;  // the rubric's `check:`
  // Sets the result's status, score, message and details; called only when nvcc compiled the file,
  // unless the kind's spec says it does not need nvcc.
  void (*run)(const TechniqueInput& input, TestResult& result);
};

const std::vector<TechniqueKind>& technique_kinds();
const TechniqueKind* find_technique_kind(const std::string& name);

// Whether a kind can be checked given what nvcc did: true when it can; false with `result`'s status and
// message set when it cannot (no nvcc on the machine: an error, the machine's want and not the student's,
// which a grading where nvcc is settles; nvcc failed on the file: failed).
bool nvcc_allows(const TechniqueSpec& spec, const NvccCheck& nvcc, TestResult& result);

// `source_text`: the student's file as it is; the checks see it as code only (TechniqueInput::code).
// `evidence`: what the correctness tests showed, which the checks of launched kernels and host code judge.
std::vector<TestResult> run_technique_checks(Session& session, const CorrectnessEvidence& evidence, const NvccCheck& nvcc,
                                             const std::string& source_text);

}  // namespace kit
