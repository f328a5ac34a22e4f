// Where each byte of an answer came from: the record of runtime calls (run/runtime_calls.h) followed as
// data flow. Every buffer the record names (the arena's arrays, the harness's host copies of them, the
// student's allocations, __device__ variables) keeps, per byte range, its last writer: a kernel, a copy
// from the host, a cudaMemset, or nothing yet. Copies between buffers carry their source's writers
// along. An output counts as computed by the device only when every byte of it was last written by a
// kernel and, where the student writes the host code, reached the harness's host copy by copies from
// the device that cover it.
//
// What a kernel wrote: on the CPU backend the record says it to the word (a "kernel-writes" call after
// each launch, cpu/src/kernel_writes.h), and the words of an argument's buffer that no copy from the
// host had written count as the kernel's too (a kernel may write the value a word already held). On a
// GPU the record has only the launch's pointer arguments: a kernel counts as the writer of every buffer
// it was given, from its launch on. Memory the host can also write (pinned, mapped, managed) is never
// the device's answer: host code may have changed it after any kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kit/array.h"
#include "kit/problem.h"

namespace kit {

struct AnswerOutput {
  std::string name;  // the array's name, as the record names it
  std::size_t bytes = 0;
  std::size_t element_bytes = 4;
};

struct AnswerFlow {
  std::string host_work;  // "the answer came from host code: ..." with the evidence, or ""
  // The student's host code copied back only the start of an output, the rest written by no recorded
  // call: a byte count short of the array's (cudaMemcpy counts bytes, not elements) where the rest holds
  // wrong values, `short_copy`; host code's work where it holds the right ones (plain host stores are
  // not recorded), `short_copy_host_work`. Both "" when the copies cover the outputs.
  std::string short_copy;
  std::string short_copy_host_work;
  // The kernels that wrote a real share of the answer (kernel_key names): of the record's largest seed,
  // those that last wrote at least a quarter of its output bytes. A kernel whose writes a later kernel
  // wrote over (with the same values, at a size small enough for a partial result to be the whole one)
  // or that wrote a few bytes beside the one that did the work is no evidence of a technique.
  std::set<std::string> kernels;
  std::uint64_t answer_bytes = 0;  // the output bytes of that seed: a larger run's kernels are the better evidence
};

// A kernel's name as both the record and the compiler's report can give it: "TiledKernel<16>(float
// const*, ...)", "void TiledKernel<TILE_WIDTH>", "ns::TiledKernel" all become "TiledKernel".
std::string kernel_key(const std::string& name);

// `calls`: one run of the student's function (one seed). `host_code`: the student writes the host
// code (kit/host_arrays.h), so each output must reach the harness's host copy of it.
AnswerFlow follow_answer(const std::vector<nlohmann::json>& calls, const std::vector<AnswerOutput>& outputs,
                         bool host_code);

// The same over a record that spans several seeds, `seed_ends[i]` the index one past seed i's last call:
// the first seed's finding, and the kernels of every seed.
AnswerFlow follow_answers(const std::vector<nlohmann::json>& calls, const std::vector<std::size_t>& seed_ends,
                          const std::vector<AnswerOutput>& outputs, bool host_code);

// The calls of each seed of a record that spans several, `seed_ends[i]` one past seed i's last call.
std::vector<std::vector<nlohmann::json>> calls_by_seed(const std::vector<nlohmann::json>& calls,
                                                       const std::vector<std::size_t>& seed_ends);

// The outputs of a case, as follow_answer takes them: those with an answer to compute. An output the
// reference lets hold any finite value (a timing report the host measures) has none, and the harness
// may write it from the host.
std::vector<AnswerOutput> answer_outputs(const std::vector<ArraySpec>& outputs, const Expected& expected);

// Whether the record comes from a function that writes its host code: the runner adds a "host-arrays"
// call when the harness handed it host copies (kit/host_arrays.h).
bool host_code_record(const std::vector<nlohmann::json>& calls);

}  // namespace kit
