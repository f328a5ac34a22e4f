#include "run/run_outputs.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "assignment/device_tile.h"
#include "assignment/launch_record.h"
#include "kit/compare.h"
#include "kit/poison.h"
#include "kit/wrong_answers.h"
#include "run/answer_flow.h"
#include "run/runner_backend.h"
#include "run/runtime_calls.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string element_count(std::size_t n) { return std::to_string(n) + (n == 1 ? " element" : " elements"); }

// Counted in elements: a store changes at least one byte of the element it writes, though maybe not all
// (a NaN over the guard's NaN pattern), so bytes would undercount what the kernel wrote.
std::string guard_message(const GuardDamage& g) {
  const std::size_t size = std::max<std::size_t>(1, g.element_size);
  std::string text = "out-of-bounds write: ";
  if (g.bytes_after) {
    const std::size_t gap = g.first_after_offset / size;
    text += element_count(g.elements_after) + " past the end of " + g.array + " changed, the first " +
            (gap == 0 ? std::string("right after its last element") : element_count(gap) + " after it");
  }
  if (g.bytes_before)
    text += std::string(g.bytes_after ? "; " : "") + element_count(g.elements_before) + " before the start of " +
            g.array + " changed, up to " + element_count((g.last_before_offset + size - 1) / size) + " before it";
  return text;
}

// Where the answer came from: the arena holds it, but host code may have put it there. A runner that
// ended early is judged by how it ended, not by the calls it did not finish; a problem whose answer is
// the host's own (a device query) has no kernel to have computed it.
bool read_host_answer(const RunOutputs& run, RunVerdict& v) {
  if (run.ending.mode != RunMode::plain || run.talk.runs.size() != run.talk.started ||
      run.test.function->problem->host_answer)
    return false;
  const std::string host_work = answer_from_the_host(run.talk.calls);
  if (host_work.empty()) return false;
  v.message = host_work;
  // answer_from_the_host words a function that launched nothing this way (run/runtime_calls.h).
  v.finding.category = host_work.rfind("no kernel", 0) == 0 ? Category::no_kernel_launched : Category::answer_from_host;
  v.details = run.ending.label + "what your code asked the CUDA runtime to do:\n" + describe_calls(run.talk.calls);
  return true;
}

// Byte by byte, which writer each output's answer came from (answer_flow.h); technique checks judge only
// the kernels it names, once the test has passed. A seed that ended in a CUDA error is judged by that
// error: its record stops where the function gave up. The records of host-code functions are kept for
// the host-code checks, which judge every seed of every correctness run.
AnswerFlow follow_run_answers(Session& s, const RunOutputs& run) {
  const SeedConversation& talk = run.talk;
  const bool every_seed_ok = talk.runs.size() == talk.started &&
                             std::all_of(talk.runs.begin(), talk.runs.end(),
                                         [](const SeedRun& r) { return r.done.value("status", "") == "ok"; });
  if (run.ending.mode != RunMode::plain || !every_seed_ok) return {};
  if (host_code_record(talk.calls))
    for (std::vector<nlohmann::json>& calls : calls_by_seed(talk.calls, talk.seed_ends))
      if (s.worker.evidence.host_code_runs.size() < kMaxHostCodeRuns)
        s.worker.evidence.host_code_runs.push_back({run.test.function->name, run.test.name, run.test.dims, std::move(calls),
                                                    run.test.visibility == Visibility::visible});
  const Problem& problem = *run.test.function->problem;
  if (problem.host_answer || run.given_inputs || talk.runs.empty()) return {};
  return follow_answers(talk.calls, talk.seed_ends,
                        answer_outputs(problem.outputs(run.test.dims), case_data(s, run.test, talk.runs.front().seed).expected),
                        host_code_record(talk.calls));
}

// A seed that ended in a CUDA error stops the run. A refused launch says only "invalid argument": the
// launch record says which limit it broke. The record's own word first: which launch was refused and
// why; the CPU backend names the limit itself, the device's own (a virtual device's) included.
void stop_on_cuda_error(const Session& s, const RunOutputs& run, const SeedRun& seed, RunVerdict& v) {
  const std::vector<nlohmann::json>& calls = run.talk.calls;
  const std::optional<Finding>& first = run.reports.first;
  const bool cpu_refused = first && first->category == Category::invalid_launch;
  std::string refused = refused_launch(calls);
  if (refused.empty() && cpu_refused) refused = first->evidence;
  const std::string failed = failed_launch(calls);
  const std::string error = seed.done.value("error_name", std::string("?")) + ": " + seed.done.value("error", std::string());
  // A known cause stays (a wrong answer of an earlier seed); the category is the error's.
  v.finding.category = refused.empty() && failed.empty() ? Category::cuda_error : Category::invalid_launch;
  if (cpu_refused) v.finding = *first;
  const std::string headline = !refused.empty() ? refused + backend_of(s).launch_error_note(error)
                               : !failed.empty() ? failed
                                                 : "CUDA error " + error;
  stop_run(v, headline, under_headline(run.reports), run.ending.label, program_output(run.ending.process));
}

// A wrong output: what was wrong, and the likeliest cause the run's evidence shows.
void explain_wrong_output(const RunOutputs& run, const SeedRun& seed, const CaseData& data, std::size_t o,
                          const Comparison& c, RunVerdict& v) {
  const TestCase& t = run.test;
  const Problem& problem = *t.function->problem;
  const ArraySpec out_spec = problem.outputs(t.dims)[o];
  const HostArray& got = seed.arena.outputs[o];
  v.message = summarize(c);
  v.details = run.ending.label + "seed " + std::to_string(seed.seed) + ":\n" + explain_mismatches(c, out_spec);
  v.finding.category = c.never_written == c.total ? Category::never_written : Category::wrong_answer;
  if (problem.pictures) v.wrong_picture = WrongPicture{got, data.expected.values[o], c, seed.seed};
  const Failure failure{c, got, data.inputs, t.dims, t.knobs, &data.expected.values[o]};
  const auto add_cause = [&v](const std::string& cause, Category category) {
    if (cause.empty()) return;
    v.message += ": " + cause;
    v.finding.category = category;
  };
  if (problem.wrong_answers) {
    v.finding.cause = recognised_wrong_answer(problem.wrong_answers(failure), o, got);
    add_cause(v.finding.cause, v.finding.category);
  }
  if (v.finding.cause.empty() && c.from_poison > 0) {  // the poison's quieted bits: only arithmetic makes them
    v.finding.cause = "your code reads " + out_spec.name + " before writing it (" + out_spec.name +
                      "[i] += ... adds onto whatever it held): an output holds nothing you may use until you store"
                      " to it; sum into a local variable and store it once";
    add_cause(v.finding.cause, Category::wrong_answer);
  }
  if (v.finding.cause.empty() && c.never_written > 0) {
    const std::vector<ArraySpec> in_specs = problem.inputs(t.dims);
    const ArraySpec* transposed = nullptr;
    for (const ArraySpec& in : in_specs)
      if (in.shape.size() == 2 && out_spec.shape.size() == 2 && in.shape[0] == out_spec.shape[1] &&
          in.shape[1] == out_spec.shape[0] && in.shape[0] != in.shape[1])
        transposed = &in;
    v.finding.cause = uncovered_output(run.talk.calls, out_spec, c.never_written, knob_blocks(t.knobs), transposed);
    add_cause(v.finding.cause, Category::grid_too_small);
  }
  if (v.finding.cause.empty()) {
    v.finding.cause = uncovered_tail(run.talk.calls, out_spec, c.wrong_elements);
    add_cause(v.finding.cause, Category::grid_too_small);
  }
  if (v.finding.cause.empty() && problem.shape_cause) {
    v.finding.cause = problem.shape_cause(failure);
    add_cause(v.finding.cause, v.finding.category);
  }
  if (problem.explain) {
    Failure explained = failure;
    explained.grid_named = v.finding.category == Category::grid_too_small;
    const std::string more = problem.explain(explained);
    if (!more.empty()) v.details += "\n" + more;
  }
}

// An integer output's poison is a value real code can compute (kit/poison.h), and it changes with the
// seed: an element another seed's run left without its own poison was written by this code, whatever it
// holds here. Empty for f32 outputs, whose poison no arithmetic makes, and for a run of one seed.
std::vector<bool> written_in_another_seed(const RunOutputs& run, const SeedRun& seed, std::size_t o) {
  if (o >= seed.arena.outputs.size() || seed.arena.outputs[o].spec.dtype == DType::f32) return {};
  const HostArray& here = seed.arena.outputs[o];
  std::vector<bool> written;
  for (const SeedRun& other : run.talk.runs) {
    if (&other == &seed || other.seed == seed.seed || o >= other.arena.outputs.size()) continue;
    const HostArray& there = other.arena.outputs[o];
    // What the runner read back is what is judged: never past the bytes it holds.
    if (there.bytes.size() != here.bytes.size()) continue;
    if (written.empty())
      written.assign(std::min(here.spec.count(), here.bytes.size() / dtype_size(here.spec.dtype)), false);
    for (std::size_t i = 0; i < written.size(); ++i)
      if (!written[i] && !is_poison(there, i, other.seed)) written[i] = true;
  }
  return written;
}

// One finished seed, judged from the arena, unless an earlier seed was already found wrong.
void judge_seed(Session& s, const RunOutputs& run, const SeedRun& seed, RunVerdict& v) {
  std::string signature;
  for (const HostArray& got : seed.arena.outputs) signature.append(got.bytes.begin(), got.bytes.end());
  v.output_signatures.push_back(signature);
  if (run.given_inputs) v.given_outputs.push_back(seed.arena.outputs);
  if (!v.message.empty()) return;
  if (!seed.arena.damage.empty()) {
    v.message = guard_message(seed.arena.damage.front());
    v.finding.category = Category::out_of_bounds_write;
    v.details = run.ending.label + "seed " + std::to_string(seed.seed) + ": " + v.message;
    return;
  }
  if (!seed.arena.inputs_modified.empty()) {
    v.message = "modified input " + seed.arena.inputs_modified.front() + ": inputs must stay unchanged";
    v.finding.category = Category::input_write;
    v.details = run.ending.label + v.message;
    return;
  }
  if (run.given_inputs) return;
  const CaseData& data = case_data(s, run.test, seed.seed);
  for (std::size_t o = 0; o < seed.arena.outputs.size() && v.message.empty(); ++o) {
    const std::vector<bool> written = written_in_another_seed(run, seed, o);
    const Comparison c = compare_output(seed.arena.outputs[o], data.expected.values[o], data.expected.error_scales[o],
                                        s.assignment.rubric.tolerance, seed.seed, written.empty() ? nullptr : &written);
    if (!c.passed()) explain_wrong_output(run, seed, data, o, c, v);
  }
}

// A wrong result beside threads that returned before a barrier: what those threads skipped (their share
// of the block's later work, their stores too) is a cause the headline should name, with the barrier's
// line. Said beside the count, not instead of it: the early return is evidence, not proof.
std::string early_exit_note(const std::optional<Finding>& warning) {
  if (!warning || warning->name != "early-exit-before-barrier" || warning->line <= 0) return "";
  return "; threads returned before the __syncthreads() at " + fs::path(warning->file).filename().string() + ":" +
         std::to_string(warning->line) + ", and a thread that returns skips the rest of the kernel, its stores too";
}

// A runner that ended before its last seed. A program that ends itself after a refused launch (host
// code that checks its errors, as it should) is named by its launch record.
bool read_early_end(const RunOutputs& run, RunVerdict& v) {
  const SeedConversation& talk = run.talk;
  const ProcessResult& p = run.ending.process;
  if (talk.runs.size() >= talk.seeds.size()) return false;
  const std::string refused = !refused_launch(talk.calls).empty() ? refused_launch(talk.calls) : failed_launch(talk.calls);
  if (!p.signal && !refused.empty()) {
    v.finding.category = Category::invalid_launch;
    stop_run(v, "a launch was refused and the program ended (" + describe_ending(p, run.ending.timeout_s) + "): " + refused,
             under_headline(run.reports), run.ending.label, program_output(p));
    return true;
  }
  v.finding.category = Category::crash;
  const std::string seed = std::to_string(talk.seeds[talk.runs.size()]);
  // A program that ends itself after printing (host code that reports a CUDA error and exits, as it
  // should) is shown in its own words: they say more than an exit code.
  const std::string said = p.signal ? "" : program_last_words(p);
  if (!said.empty())
    stop_run(v, "the program ended itself (" + describe_ending(p, run.ending.timeout_s) + ") before finishing seed " +
                    seed + ", after printing: " + said,
             under_headline(run.reports), run.ending.label, program_output(p));
  else
    stop_run(v, "crashed: the runner ended (" + describe_ending(p, run.ending.timeout_s) + ") before finishing seed " + seed,
             under_headline(run.reports), run.ending.label, program_output(p));
  return true;
}

}  // namespace

void judge_outputs(Session& s, const RunOutputs& run, RunVerdict& v) {
  if (read_host_answer(run, v)) return;
  const AnswerFlow flow = follow_run_answers(s, run);
  if (!flow.host_work.empty()) {
    v.message = flow.host_work;
    v.finding.category = Category::answer_from_host;
    v.details = run.ending.label + "what your code asked the CUDA runtime to do:\n" + describe_calls(run.talk.calls);
    return;
  }
  // Too few bytes copied back: the rest of the output is wrong, unless host code wrote it (its plain
  // stores leave no record, its right values do).
  if (!flow.short_copy.empty()) {
    RunVerdict by_values = v;
    for (const SeedRun& seed : run.talk.runs)
      if (seed.done.value("status", "") != "cuda-error") judge_seed(s, run, seed, by_values);
    const bool right_values = by_values.message.empty();
    v.message = right_values ? flow.short_copy_host_work : flow.short_copy;
    v.finding.category = right_values ? Category::answer_from_host : Category::wrong_answer;
    v.details = run.ending.label + "what your code asked the CUDA runtime to do:\n" + describe_calls(run.talk.calls);
    return;
  }
  for (const SeedRun& seed : run.talk.runs) {
    if (seed.done.value("status", "") == "cuda-error") return stop_on_cuda_error(s, run, seed, v);
    judge_seed(s, run, seed, v);
  }
  if (read_early_end(run, v)) return;
  if (v.message.empty() && !run.reports.diagnostics.empty()) {  // warnings only: right results, but worth knowing
    v.details = run.ending.label + run.reports.diagnostics;
    v.warned = true;
  } else if (!run.reports.diagnostics.empty()) {  // a wrong result: the backend's warnings may name its line
    v.details += (v.details.empty() || v.details.back() == '\n' ? "" : "\n") +
                 std::string("the CPU backend warned during this run:\n") + run.reports.diagnostics;
    v.message += early_exit_note(run.reports.first_warning);
  }
  if (v.message.empty() && run.test.device_tile.widest > 0) {  // right outputs: was the tile the device's?
    DeviceLimits scratch;
    v.message = launches_against_rule(run.test.device_tile, test_device(s, run.test, &scratch),
                                      launches_in_record(run.talk.calls, run.talk.calls.size()));
    if (!v.message.empty()) v.finding.category = Category::tile_ignores_device;
  }
  v.passed = v.message.empty();
  if (v.passed) credit_kernels(s.worker.evidence, flow.kernels, flow.answer_bytes);
}

}  // namespace kit
