// frees_device_memory, checks_errors and waits_for_copy_back: the student writes the host code (the
// vector-add contract), and the record of runtime calls (recorded_run.h) shows what it did with device
// memory, with errors and with the copy back: the check's own run, and every seed's run of the
// correctness tests (CorrectnessEvidence::host_code_runs), so a file cannot behave at the check's size only.
#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include <kitcpu/exit_codes.h>

#include "checks/technique_kinds.h"
#include "performance/timing_calls.h"
#include "run/recorded_run.h"

namespace kit {
namespace {


std::string call_place(const nlohmann::json& call) {
  const std::string at = call.value("at", std::string());
  return at.empty() ? "" : " at " + at;
}

std::string ordinal(int n) {
  const int tens = n % 100, units = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

// A clean run of the check's function, or the reason there is none (the test then fails).
bool clean_run(const TechniqueInput& in, TestResult& t, RecordedRun* run) {
  const Function& fn = in.session.assignment.rubric.functions[in.check.function];
  *run = record_function_run(in.session, fn, in.check.size, 0);
  if (!run->error.empty()) {
    fail_check(t, run->error);
    return false;
  }
  if (!run->returned) {
    fail_check(t, "not checked: " + fn.name + " did not return (" +
                describe_ending(run->process, in.session.assignment.rubric.limits.test_seconds) + ")");
    return false;
  }
  return true;
}

bool succeeded(const nlohmann::json& call) {
  const std::string result = call.value("result", std::string("cudaSuccess"));
  return result == "cudaSuccess";
}

bool is_allocation(const nlohmann::json& c) {
  const std::string call = c.value("call", "");
  return call == "cudaMalloc" || call == "cudaMallocManaged";
}

// An allocation the record reports from before the function was called (a global constructor's): it
// must be freed like any other, but no injected failure reaches it.
bool made_before(const nlohmann::json& c) { return c.value("before", false); }

// The correctness runs' records in the order of their tests' names: workers finish tests in any order,
// and the test a message names must not depend on which finished first.
std::vector<const HostCodeRun*> runs_by_test(const CorrectnessEvidence& evidence) {
  std::vector<const HostCodeRun*> runs;
  for (const HostCodeRun& run : evidence.host_code_runs) runs.push_back(&run);
  std::stable_sort(runs.begin(), runs.end(),
                   [](const HostCodeRun* a, const HostCodeRun* b) { return a->test < b->test; });
  return runs;
}

// "in the correctness test n 257", or "in a hidden correctness test": technique findings are shown to
// students, and a hidden test's name holds its size.
std::string correctness_test_named(const HostCodeRun& run) {
  return run.visible ? "in the correctness test " + run.test : std::string("in a hidden correctness test");
}

// What `judge` finds wrong with the record of the first correctness run of the check's function it
// finds fault with, as "in the correctness test n = 257: ...", or "": the correctness tests record
// every seed's run (CorrectnessEvidence::host_code_runs), so a file cannot behave at the check's size only.
std::string in_correctness_runs(const TechniqueInput& in, std::string (*judge)(const std::vector<nlohmann::json>&)) {
  const std::string& function = in.session.assignment.rubric.functions[in.check.function].name;
  for (const HostCodeRun* run : runs_by_test(in.evidence))
    if (run->function == function)
      if (const std::string finding = judge(run->calls); !finding.empty())
        return correctness_test_named(*run) + ": " + finding;
  return {};
}

// "2 of 3 allocations never freed (cudaMalloc of 4000 bytes at vector_add.cu:31; ...)", or "".
std::string leaks_in(const std::vector<nlohmann::json>& calls) {
  std::map<std::string, const nlohmann::json*> live;
  std::vector<const nlohmann::json*> order;
  for (const nlohmann::json& c : calls) {
    const std::string pointer = c.value("pointer", std::string());
    if (is_allocation(c) && succeeded(c) && !pointer.empty()) {
      live[pointer] = &c;
      order.push_back(&c);
    } else if (c.value("call", "") == "cudaFree" && succeeded(c)) {
      live.erase(pointer);
    }
  }
  std::string leaked;
  std::size_t count = 0;
  for (const nlohmann::json* c : order) {
    const auto it = live.find(c->value("pointer", std::string()));
    if (it == live.end() || it->second != c) continue;
    if (++count <= 4)
      leaked += (leaked.empty() ? "" : "; ") + c->value("call", std::string()) + " of " +
                std::to_string(c->value("bytes", 0ull)) + " bytes" +
                (made_before(*c) ? " made before the function was called (a global constructor)" : call_place(*c));
  }
  if (count == 0) return {};
  return std::to_string(count) + " of " + std::to_string(order.size()) + " allocations never freed (" + leaked + ")";
}

}  // namespace

// Every successful cudaMalloc has its cudaFree by the time the function returns: in the check's run and
// in every recorded run of the correctness tests.
void check_frees_device_memory(const TechniqueInput& in, TestResult& t) {
  RecordedRun run;
  if (!clean_run(in, t, &run)) return;
  const auto allocations = std::count_if(run.calls.begin(), run.calls.end(), [](const nlohmann::json& c) {
    return is_allocation(c) && succeeded(c) && !c.value("pointer", std::string()).empty();
  });
  if (allocations == 0) return fail_check(t, "no device memory was allocated: the function must cudaMalloc its arrays");
  std::string leak = leaks_in(run.calls);
  if (leak.empty()) leak = in_correctness_runs(in, leaks_in);
  if (!leak.empty())
    return fail_check(t, "device memory leaked" + std::string(leak.rfind("in ", 0) == 0 ? " " : ": ") + leak +
                         ": cudaFree every cudaMalloc before the function returns");
  pass_check(t, "every device allocation freed (" + std::to_string(allocations) + " cudaMalloc, " +
             std::to_string(allocations) + " cudaFree)");
}

namespace {

double dims_volume(const Dims& dims) {
  double v = 1;
  for (long d : dims) v *= static_cast<double>(d);
  return v;
}

}  // namespace

// The handout's contract: a failed call prints its error with the file and line, and the program ends
// with exit(EXIT_FAILURE). Each of the first allocations fails in turn, in a runner of its own, at the
// check's size and at the correctness tests' largest, so a file cannot check at small sizes only.
void check_checks_errors(const TechniqueInput& in, TestResult& t) {
  RecordedRun clean;
  if (!clean_run(in, t, &clean)) return;
  int allocations = 0;
  for (const nlohmann::json& c : clean.calls)
    if (is_allocation(c) && !made_before(c)) ++allocations;
  if (allocations == 0) return fail_check(t, "not checked: the function made no cudaMalloc to fail");
  const int failures = std::min(allocations, static_cast<int>(in.check.limits.at("max_failures")));
  const Function& fn = in.session.assignment.rubric.functions[in.check.function];
  std::vector<std::pair<Dims, std::string>> sizes = {{in.check.size, ""}};
  // The largest size the correctness tests ran: a file that checks only up to some size fails there.
  const HostCodeRun* largest = nullptr;
  for (const HostCodeRun* run : runs_by_test(in.evidence))
    if (run->function == fn.name && run->dims != in.check.size && (!largest || dims_volume(run->dims) > dims_volume(largest->dims)))
      largest = run;
  if (largest) sizes.push_back({largest->dims, " " + correctness_test_named(*largest)});
  const std::string student = std::filesystem::path(in.session.submission.source).filename().string();
  const std::regex place(std::regex_replace(student, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + R"(\D{0,16}\d+)");
  for (const auto& [dims, test] : sizes)
    for (int k = 1; k <= failures; ++k) {
      const RecordedRun run = record_function_run(in.session, fn, dims, k);
      std::string where = "the " + ordinal(k) + " cudaMalloc";
      for (const nlohmann::json& c : run.calls)
        if (is_allocation(c) && !succeeded(c)) {
          where += call_place(c);
          break;
        }
      const std::string when = "when " + where + test + " fails (the test makes it return cudaErrorMemoryAllocation), ";
      const ProcessResult& p = run.process;
      const std::string output = p.out + "\n" + p.err;
      if (!run.error.empty()) return fail_check(t, run.error);
      if (p.timed_out) return fail_check(t, when + "your code hangs: check what every CUDA call returns and stop at the first error");
      // A check that prints the error and goes on checked the call: what it lacks is the end.
      const bool printed = output.find("out of memory") != std::string::npos;
      const std::string fix = printed ? "your check printed the error (\"out of memory\") but did not end the program: "
                                        "exit(EXIT_FAILURE) after printing"
                                      : "check what cudaMalloc returns";
      if (p.signal)
        return fail_check(t, when + "your code carries on with a null pointer and crashes (" +
                           describe_ending(p, in.session.assignment.rubric.limits.test_seconds) + "): " + fix);
      if (run.returned)
        return fail_check(t, when + "your code carries on and returns" +
                           (run.status == "ok" ? "" : " with a CUDA error pending") + ": " +
                           (printed ? fix : "check what every CUDA call returns, print the error and exit(EXIT_FAILURE)"));
      if (p.exit_code == kitcpu::kFatalDiagnosticExitCode)
        return fail_check(t, when + "your code carries on with a null pointer, and the CPU backend stopped it at a bad "
                           "memory access: " + fix);
      if (p.exit_code != 1)
        return fail_check(t, when + "your code ends with " + describe_ending(p, in.session.assignment.rubric.limits.test_seconds) +
                           ": the handout's check ends with exit(EXIT_FAILURE)");
      if (output.find("out of memory") == std::string::npos)
        return fail_check(t, when + "your code exits without printing the error: print cudaGetErrorString(err) "
                           "(\"out of memory\"), with __FILE__ and __LINE__");
      if (!std::regex_search(output, place))
        return fail_check(t, when + "your code prints the error but not where it happened: print __FILE__ and __LINE__ "
                           "with it");
    }
  pass_check(t, "an injected cudaMalloc failure is reported with its place and ends the program (each of the first " +
              std::to_string(failures) + (failures == 1 ? " allocation)" : " allocations)"));
}

namespace {

// A stream as both records name it: "0" for the default stream (a CPU backend id, a GPU address).
std::string stream_key(const nlohmann::json& call) {
  const nlohmann::json s = call.value("stream", nlohmann::json());
  if (s.is_number_integer()) return std::to_string(s.get<long long>());
  const std::string text = s.is_string() ? s.get<std::string>() : "0";
  return text == "0x0" ? "0" : text;
}

// Whether calls[i] waits for work queued on `stream` at `copy`: the device, that stream, or an event
// recorded on that stream after the copy; a later cudaMemcpy also waits (the default stream's
// implicit synchronisation). Not any call named *Synchronize.
bool waits_for(const std::vector<nlohmann::json>& calls, std::size_t copy, std::size_t i, const std::string& stream) {
  const std::string call = calls[i].value("call", std::string());
  if (call == "cudaDeviceSynchronize" || call == "cudaMemcpy") return true;
  if (call == "cudaStreamSynchronize") return stream_key(calls[i]) == stream;
  if (!waits_for_event(calls[i])) return false;
  const nlohmann::json event = calls[i].value("event", nlohmann::json());
  for (std::size_t r = copy + 1; r < i; ++r)
    if (calls[r].value("call", "") == "cudaEventRecord" && calls[r].value("event", nlohmann::json()) == event &&
        stream_key(calls[r]) == stream)
      return true;
  return false;
}

// The output on the host is read when the function returns: the last copy into it, if it is a
// cudaMemcpyAsync, must be waited for first, by a wait that covers its stream (waits_for). What is wrong
// with `calls`, or "" with `verdict` saying how the copy back finished.
std::string copy_back_unfinished(const std::vector<nlohmann::json>& calls, std::string* verdict) {
  std::size_t last_copy = calls.size();
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const nlohmann::json to = calls[i].value("to", nlohmann::json::object());
    if (to.is_object() && to.value("side", "") == "host" && to.value("role", "") == "output") last_copy = i;
  }
  if (last_copy == calls.size())
    return "the output was never copied back from the device: copy it to the host with cudaMemcpy";
  const nlohmann::json& copy = calls[last_copy];
  const std::string name = copy.value("call", std::string());
  const std::string output = copy["to"].value("array", std::string("the output"));
  if (name.find("Async") == std::string::npos) {
    *verdict = "the copy back of " + output + " (" + name + call_place(copy) + ") has finished when the function returns";
    return {};
  }
  const std::string stream = stream_key(copy);
  for (std::size_t i = last_copy + 1; i < calls.size(); ++i)
    if (waits_for(calls, last_copy, i, stream)) {
      *verdict = "the copy back of " + output + " (" + name + call_place(copy) + ") is waited for (" +
                 calls[i].value("call", std::string()) + call_place(calls[i]) + ")";
      return {};
    }
  return "the copy back is not waited for: " + name + call_place(copy) + " into " + output +
         " may still be running when the function returns and the caller reads " + output +
         "; wait for its stream (cudaStreamSynchronize on the copy's stream, cudaDeviceSynchronize, or an event "
         "recorded after the copy on that stream; cudaFree is not a promise) or use cudaMemcpy";
}

std::string copy_back_unfinished(const std::vector<nlohmann::json>& calls) {
  std::string verdict;
  return copy_back_unfinished(calls, &verdict);
}

}  // namespace

// The copy back is waited for in the check's run and in every recorded run of the correctness tests.
void check_waits_for_copy_back(const TechniqueInput& in, TestResult& t) {
  RecordedRun run;
  if (!clean_run(in, t, &run)) return;
  std::string verdict;
  std::string wrong = copy_back_unfinished(run.calls, &verdict);
  if (wrong.empty()) wrong = in_correctness_runs(in, copy_back_unfinished);
  if (!wrong.empty()) return fail_check(t, wrong);
  pass_check(t, verdict);
}

}  // namespace kit
