// The runner: the harness's main, linked with one student file and one assignment's harness.cpp. The grader
// starts it once per test, tells it what to do on the command line, and reads the results from the private
// channel. Everything the student's code prints goes to stdout/stderr, which the grader keeps apart.
//
//   runner --channel-fd FD --mode correctness --case JSON [--guard-bytes N]
//   runner --channel-fd FD --mode perf --case JSON [--max-seconds S ...]
//   runner --channel-fd FD --mode info
//
// The case (kit/runner_case.h) names the student's function, the sizes, the arrays with how to draw the
// inputs, and the seeds.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#include "guarded_buffer.h"
#include "kit/channel.h"
#include "kit/harness.h"
#include "kit/poison.h"
#include "kit/recipe.h"
#include "kit/runner_case.h"
#include "timing_protocol.h"

namespace kit {
namespace {

struct Options {
  int channel_fd = -1;
  std::string mode;
  RunnerCase run;
  std::size_t guard_bytes = 1 << 20;
  TimingOptions timing;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "runner: %s\n(the runner is started by the grader; run `grader --help` instead)\n", why.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (i + 1 >= argc) usage("missing value after " + flag);
    const char* v = argv[++i];
    if (flag == "--channel-fd") o.channel_fd = std::atoi(v);
    else if (flag == "--mode") o.mode = v;
    else if (flag == "--case") {
      try {
        o.run = decode_runner_case(v);
      } catch (const std::exception& e) {
        usage(e.what());
      }
    }
    else if (flag == "--guard-bytes") o.guard_bytes = std::strtoull(v, nullptr, 10);
    else if (flag == "--min-samples") o.timing.min_samples = std::atoi(v);
    else if (flag == "--max-samples") o.timing.max_samples = std::atoi(v);
    else if (flag == "--max-seconds") o.timing.max_seconds = std::atof(v);
    else if (flag == "--target-rse") o.timing.target_rse = std::atof(v);
    else usage("unknown option " + flag);
  }
  if (o.channel_fd < 0) usage("--channel-fd is required");
  return o;
}

void send(int fd, const nlohmann::json& j) {
  const std::string text = j.dump();
  write_record(fd, RecordType::json, text.data(), text.size());
}

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

// Every runner's own entry besides its harness's: the first input copied to the first output with
// cudaMemcpy, device to device, the bandwidth a memory-bound kernel is measured against.
void device_copy(const DeviceArrays& a, const Dims&) {
  cudaMemcpy(a.outputs[0], a.inputs[0], std::min(a.input_bytes[0], a.output_bytes[0]), cudaMemcpyDeviceToDevice);
}

const HarnessEntry kDeviceCopy = {"cudaMemcpy", device_copy};

const HarnessEntry* find_entry(const std::string& name) {
  if (name == kDeviceCopy.name) return &kDeviceCopy;
  for (const HarnessEntry& e : kit_harness.entries)
    if (name == e.name) return &e;
  return nullptr;
}

struct Case {
  std::vector<GuardedBuffer> inputs, outputs;
  std::vector<HostArray> host_inputs;
  ~Case() {
    for (auto* list : {&inputs, &outputs})
      for (GuardedBuffer& b : *list) release(b);
  }
};

std::string prepare(const Options& o, std::uint64_t seed, Case& c) {
  for (std::size_t i = 0; i < o.run.inputs.size(); ++i) {
    const RunnerInput& in = o.run.inputs[i];
    c.host_inputs.push_back(generate_array(in.spec, in.recipe, seed, i));
    c.inputs.push_back({in.spec, o.guard_bytes});
    if (auto e = allocate(c.inputs.back()); !e.empty()) return e;
    if (auto e = upload(c.inputs.back(), c.host_inputs.back().bytes); !e.empty()) return e;
  }
  for (const ArraySpec& s : o.run.outputs) {
    c.outputs.push_back({s, o.guard_bytes});
    if (auto e = allocate(c.outputs.back()); !e.empty()) return e;
    if (auto e = poison(c.outputs.back(), seed); !e.empty()) return e;
  }
  return {};
}

DeviceArrays device_arrays(const Case& c) {
  DeviceArrays a;
  for (const auto& b : c.inputs) {
    a.inputs.push_back(b.data);
    a.input_bytes.push_back(b.spec.bytes());
  }
  for (const auto& b : c.outputs) {
    a.outputs.push_back(b.data);
    a.output_bytes.push_back(b.spec.bytes());
  }
  return a;
}

// Runs the student's function once per seed; reports each run and its outputs. Returns the exit code.
int run_correctness(const HarnessEntry& entry, const Options& o) {
  for (std::uint64_t seed : o.run.seeds) {
    nlohmann::json report = {{"type", "case"}, {"seed", seed}, {"dims", o.run.dims}};
    Case c;
    if (auto e = prepare(o, seed, c); !e.empty()) {
      report["status"] = "harness-error";
      report["error"] = e;
      send(o.channel_fd, report);
      return 1;
    }
    std::fflush(stdout);
    entry.call(device_arrays(c), o.run.dims);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    std::fflush(stdout);
    cudaError_t e = launch != cudaSuccess ? launch : sync;
    if (e == cudaSuccess) e = cudaGetLastError();
    if (e != cudaSuccess) {
      report["status"] = "cuda-error";
      report["error_name"] = cudaGetErrorName(e);
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
          guards.push_back({{"array", b.spec.name}, {"element_size", dtype_size(b.spec.dtype)},
                            {"bytes_before", d.bytes_before}, {"bytes_after", d.bytes_after},
                            {"first_after_offset", d.first_after_offset}, {"last_before_offset", d.last_before_offset}});
      }
    }
    report["guards"] = guards;
    nlohmann::json modified = nlohmann::json::array();
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
      std::vector<unsigned char> after;
      download(c.inputs[i], after);
      if (after != c.host_inputs[i].bytes) modified.push_back(c.inputs[i].spec.name);
    }
    report["inputs_modified"] = modified;
    std::vector<std::vector<unsigned char>> outputs(c.outputs.size());
    for (std::size_t i = 0; i < c.outputs.size(); ++i) download(c.outputs[i], outputs[i]);
    report["status"] = "ok";
    send(o.channel_fd, report);
    for (const auto& out : outputs) write_record(o.channel_fd, RecordType::array, out.data(), out.size());
  }
  return 0;
}

// Times the student's function on one size, then reports the outputs of the last timed run, which the
// grader checks again: a kernel that does less work when it is timed fails here.
int run_perf(const HarnessEntry& entry, const Options& o) {
  nlohmann::json report = {{"type", "perf"}, {"dims", o.run.dims}};
  Case c;
  const std::uint64_t seed = o.run.seeds.empty() ? 1 : o.run.seeds.front();
  report["seed"] = seed;
  if (auto e = prepare(o, seed, c); !e.empty()) {
    report["error"] = e;
    send(o.channel_fd, report);
    return 1;
  }
  std::vector<TimedOutput> outs;
  for (const auto& b : c.outputs)
    outs.push_back({b.data, b.spec.bytes(), dtype_size(b.spec.dtype), poison_bits(b.spec.dtype, seed)});
  TimingResult t = time_student(entry, device_arrays(c), o.run.dims, outs, o.timing);
  report["error"] = t.error;
  report["samples_ms"] = t.samples_ms;
  report["median_ms"] = t.median_ms;
  report["relative_standard_error"] = t.relative_standard_error;
  report["discarded_throttled"] = t.discarded_throttled;
  report["sm_clock_mhz"] = t.sm_clock_mhz;
  report["nominal_sm_clock_mhz"] = t.nominal_sm_clock_mhz;
  report["memory_bandwidth_gbs"] = t.memory_bandwidth_gbs;
  std::vector<std::vector<unsigned char>> outputs(c.outputs.size());
  if (t.error.empty())
    for (std::size_t i = 0; i < c.outputs.size(); ++i) download(c.outputs[i], outputs[i]);
  send(o.channel_fd, report);
  if (t.error.empty())
    for (const auto& out : outputs) write_record(o.channel_fd, RecordType::array, out.data(), out.size());
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
  const HarnessEntry* entry = find_entry(o.run.entry);
  if (!entry) {
    std::string known;
    for (const HarnessEntry& e : kit_harness.entries) known += (known.empty() ? "" : ", ") + std::string(e.name);
    send(o.channel_fd, {{"type", "case"}, {"status", "harness-error"},
                        {"error", "the harness of " + std::string(kit_harness.assignment) + " has no function '" +
                                      o.run.entry + "' (it has " + known + ")"}});
    return 1;
  }
  if (o.mode == "correctness") return run_correctness(*entry, o);
  if (o.mode == "perf") return run_perf(*entry, o);
  usage("--mode must be correctness, perf or info");
}
