// The runner: the harness's main, linked with one student file and one assignment's harness.cpp. The grader
// starts it once per test, tells it what to do on the command line, and reads the results from the private
// channel. Everything the student's code prints goes to stdout/stderr, which the grader keeps apart.
//
//   runner --channel-fd FD --mode correctness --dims 17,17,17 --seeds 1,2,3 [--guard-bytes N]
//   runner --channel-fd FD --mode perf --dims 4096,4096,4096 --seeds 1 [--max-seconds S ...]
//   runner --channel-fd FD --mode info
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#include "guarded_buffer.h"
#include "kit/channel.h"
#include "kit/harness.h"
#include "timing_protocol.h"

namespace kit {
namespace {

struct Options {
  int channel_fd = -1;
  std::string mode;
  Dims dims;
  std::vector<unsigned long long> seeds;
  std::size_t guard_bytes = 1 << 20;
  TimingOptions timing;
};

std::vector<long long> parse_list(const char* text) {
  std::vector<long long> values;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    values.push_back(std::strtoll(p, &end, 10));
    if (end == p) break;
    p = *end == ',' ? end + 1 : end;
  }
  return values;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "runner: %s\n(the runner is started by the grader; run `grader --help` instead)\n", why);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + flag).c_str());
    const char* v = argv[++i];
    if (flag == "--channel-fd") o.channel_fd = std::atoi(v);
    else if (flag == "--mode") o.mode = v;
    else if (flag == "--dims") for (long long d : parse_list(v)) o.dims.push_back(static_cast<long>(d));
    else if (flag == "--seeds") for (long long s : parse_list(v)) o.seeds.push_back(static_cast<unsigned long long>(s));
    else if (flag == "--guard-bytes") o.guard_bytes = std::strtoull(v, nullptr, 10);
    else if (flag == "--min-samples") o.timing.min_samples = std::atoi(v);
    else if (flag == "--max-samples") o.timing.max_samples = std::atoi(v);
    else if (flag == "--max-seconds") o.timing.max_seconds = std::atof(v);
    else if (flag == "--target-rse") o.timing.target_rse = std::atof(v);
    else usage(("unknown option " + flag).c_str());
  }
  if (o.channel_fd < 0) usage("--channel-fd is required");
  return o;
}

void send(int fd, const nlohmann::json& j) {
  const std::string text = j.dump();
  write_record(fd, RecordType::json, text.data(), text.size());
}

std::string cuda_error_name(cudaError_t e) { return cudaGetErrorName(e); }

nlohmann::json device_info() {
  nlohmann::json info;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    info["error"] = e != cudaSuccess ? std::string(cudaGetErrorString(e)) : "no CUDA device";
    return info;
  }
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  int clock_khz = 0, mem_khz = 0;
  cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0);
  info["name"] = p.name;
  info["compute_capability"] = std::to_string(p.major) + "." + std::to_string(p.minor);
  info["max_sm_clock_mhz"] = clock_khz / 1000;
  info["memory_clock_mhz"] = mem_khz / 1000;
  info["multiprocessors"] = p.multiProcessorCount;
  info["timing_available"] = timing_available();
  return info;
}

struct Case {
  std::vector<GuardedBuffer> inputs, outputs;
};

std::string prepare(const ProblemInputs& problem, const Options& o, unsigned long long seed, Case& c,
                    Arrays& host_inputs) {
  host_inputs = problem.generate_inputs(o.dims, seed);
  const auto in_shapes = problem.input_shapes(o.dims);
  const auto out_shapes = problem.output_shapes(o.dims);
  for (std::size_t i = 0; i < in_shapes.size(); ++i) {
    c.inputs.push_back({in_shapes[i].name, in_shapes[i].count(), o.guard_bytes});
    if (auto e = allocate(c.inputs.back()); !e.empty()) return e;
    if (auto e = upload(c.inputs.back(), host_inputs[i]); !e.empty()) return e;
  }
  for (const ArrayShape& s : out_shapes) {
    c.outputs.push_back({s.name, s.count(), o.guard_bytes});
    if (auto e = allocate(c.outputs.back()); !e.empty()) return e;
    if (auto e = poison(c.outputs.back()); !e.empty()) return e;
  }
  return {};
}

DeviceArrays device_arrays(const Case& c) {
  DeviceArrays a;
  for (const auto& b : c.inputs) a.inputs.push_back(b.data);
  for (const auto& b : c.outputs) a.outputs.push_back(b.data);
  return a;
}

// Runs the student's function once per seed; reports each run and its outputs. Returns the exit code.
int run_correctness(const ProblemInputs& problem, const Options& o) {
  for (unsigned long long seed : o.seeds) {
    nlohmann::json report = {{"type", "case"}, {"seed", seed}, {"dims", o.dims}};
    Case c;
    Arrays host_inputs;
    if (auto e = prepare(problem, o, seed, c, host_inputs); !e.empty()) {
      report["status"] = "harness-error";
      report["error"] = e;
      send(o.channel_fd, report);
      return 1;
    }
    std::fflush(stdout);
    kit_harness.call_student(device_arrays(c), o.dims);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    std::fflush(stdout);
    cudaError_t e = launch != cudaSuccess ? launch : sync;
    if (e == cudaSuccess) e = cudaGetLastError();
    if (e != cudaSuccess) {
      report["status"] = "cuda-error";
      report["error_name"] = cuda_error_name(e);
      report["error"] = cudaGetErrorString(e);
      send(o.channel_fd, report);
      // A sticky error leaves the context unusable; a non-sticky one (a rejected launch) does not, but
      // the case has failed either way and the next seeds would only repeat it.
      return 1;
    }
    nlohmann::json guards = nlohmann::json::array();
    for (const auto* list : {&c.inputs, &c.outputs}) {
      for (const GuardedBuffer& b : *list) {
        GuardDamage d;
        if (auto err = check_guards(b, d); !err.empty()) report["error"] = err;
        if (d.bytes_before || d.bytes_after)
          guards.push_back({{"array", b.name}, {"bytes_before", d.bytes_before}, {"bytes_after", d.bytes_after},
                            {"first_after_offset", d.first_after_offset},
                            {"last_before_offset", d.last_before_offset}});
      }
    }
    report["guards"] = guards;
    nlohmann::json modified = nlohmann::json::array();
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
      std::vector<float> after;
      download(c.inputs[i], after);
      if (std::memcmp(after.data(), host_inputs[i].data(), after.size() * sizeof(float)) != 0)
        modified.push_back(c.inputs[i].name);
    }
    report["inputs_modified"] = modified;
    std::vector<std::vector<float>> outputs(c.outputs.size());
    for (std::size_t i = 0; i < c.outputs.size(); ++i) download(c.outputs[i], outputs[i]);
    report["status"] = "ok";
    send(o.channel_fd, report);
    for (const auto& out : outputs) write_record(o.channel_fd, RecordType::floats, out.data(), out.size() * sizeof(float));
    for (auto* list : {&c.inputs, &c.outputs})
      for (GuardedBuffer& b : *list) release(b);
  }
  return 0;
}

// Times the student's function on one size, then reports the outputs of the last timed run, which the
// grader checks again: a kernel that does less work when it is timed fails here.
int run_perf(const ProblemInputs& problem, const Options& o) {
  nlohmann::json report = {{"type", "perf"}, {"dims", o.dims}};
  Case c;
  Arrays host_inputs;
  const unsigned long long seed = o.seeds.empty() ? 1 : o.seeds.front();
  report["seed"] = seed;
  if (auto e = prepare(problem, o, seed, c, host_inputs); !e.empty()) {
    report["error"] = e;
    send(o.channel_fd, report);
    return 1;
  }
  std::vector<std::pair<float*, std::size_t>> outs;
  for (const auto& b : c.outputs) outs.push_back({b.data, b.count});
  TimingResult t = time_student(kit_harness, device_arrays(c), o.dims, outs, o.timing);
  report["error"] = t.error;
  report["samples_ms"] = t.samples_ms;
  report["median_ms"] = t.median_ms;
  report["relative_standard_error"] = t.relative_standard_error;
  report["discarded_throttled"] = t.discarded_throttled;
  report["sm_clock_mhz"] = t.sm_clock_mhz;
  report["nominal_sm_clock_mhz"] = t.nominal_sm_clock_mhz;
  report["memory_bandwidth_gbs"] = t.memory_bandwidth_gbs;
  std::vector<std::vector<float>> outputs(c.outputs.size());
  if (t.error.empty())
    for (std::size_t i = 0; i < c.outputs.size(); ++i) download(c.outputs[i], outputs[i]);
  send(o.channel_fd, report);
  if (t.error.empty())
    for (const auto& out : outputs) write_record(o.channel_fd, RecordType::floats, out.data(), out.size() * sizeof(float));
  return t.error.empty() ? 0 : 1;
}

}  // namespace
}  // namespace kit

int main(int argc, char** argv) {
  using namespace kit;
  Options o = parse(argc, argv);
  if (o.mode == "info") {
    send(o.channel_fd, {{"type", "info"}, {"device", device_info()}});
    return 0;
  }
  const ProblemInputs* problem = find_problem_inputs(kit_harness.problem);
  if (!problem) usage("the harness names a problem this runner does not know");
  if (o.dims.size() != problem->dim_names.size()) usage("--dims has the wrong number of sizes");
  if (kit_harness.accepts && !kit_harness.accepts(o.dims)) {
    send(o.channel_fd, {{"type", "case"}, {"status", "harness-error"}, {"error", "the assignment's function cannot express these sizes"}});
    return 1;
  }
  if (o.mode == "correctness") return run_correctness(*problem, o);
  if (o.mode == "perf") return run_perf(*problem, o);
  usage("--mode must be correctness, perf or info");
}
