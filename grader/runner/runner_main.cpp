// The runner: the harness's main, linked with one student file and one assignment's harness.cpp. The
// grader starts it once per test and keeps it for that test's runs: it maps the arena the grader filled
// (kit/device_memory.h), then answers the grader's commands on a control pipe, one line each, reporting
// on the private channel:
//
//   run    call the student's function once and wait for the GPU        -> {"type":"call", ...} for each
//                                                                            runtime call it made, then
//                                                                            {"type":"done", "status":...,
//                                                                            "calls": how many}
//   time   one timed call (timing_protocol.h)                            -> {"type":"sample", "ms":...}
//   quit   (or the pipe's end) exit
//
//   runner --channel-fd 3 --control-fd 5 --arena-fd 4 --case JSON [--separate-buffers 1]
//   runner --channel-fd 3 --mode info
//
// With --separate-buffers the student's function gets a cudaMalloc'ed buffer of its exact size per
// array instead of pointers into the arena, copied from the arena before each run and back after it:
// under compute-sanitizer's memcheck an access past an array then falls outside every allocation and is
// reported with its line, where in the arena it would land in a guard zone.
//
// The runner never reads the outputs back or judges them: the grader reads the arena itself. Everything
// the student's code prints goes to stdout/stderr, which the grader keeps apart.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include "arena_map.h"
#include "kit/channel.h"
#include "kit/harness.h"
#include "kit/runner_case.h"
#include "runtime_record.h"
#include "timing_protocol.h"

namespace kit {
namespace {

struct Options {
  int channel_fd = -1;
  int control_fd = -1;
  int arena_fd = -1;
  std::string mode = "serve";
  bool separate_buffers = false;
  RunnerCase run;
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
    else if (flag == "--control-fd") o.control_fd = std::atoi(v);
    else if (flag == "--arena-fd") o.arena_fd = std::atoi(v);
    else if (flag == "--mode") o.mode = v;
    else if (flag == "--separate-buffers") o.separate_buffers = std::string(v) == "1";
    else if (flag == "--case") {
      try {
        o.run = decode_runner_case(v);
      } catch (const std::exception& e) {
        usage(e.what());
      }
    }
    else usage("unknown option " + flag);
  }
  if (o.channel_fd < 0) usage("--channel-fd is required");
  if (o.mode == "serve" && (o.control_fd < 0 || o.arena_fd < 0)) usage("--control-fd and --arena-fd are required");
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
  info["name"] = p.name;
  info["compute_capability"] = std::to_string(p.major) + "." + std::to_string(p.minor);
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

DeviceArrays device_arrays(const RunnerCase& c, unsigned char* base) {
  DeviceArrays a;
  for (const ArenaArray& array : c.arrays) {
    if (array.input) {
      a.inputs.push_back(base + array.offset);
      a.input_bytes.push_back(array.spec.bytes());
    } else {
      a.outputs.push_back(base + array.offset);
      a.output_bytes.push_back(array.spec.bytes());
    }
  }
  return a;
}

// One cudaMalloc'ed buffer per array (--separate-buffers), and the copies between them and the arena.
struct SeparateBuffers {
  std::vector<unsigned char*> buffers;  // in the order of the case's arrays
  std::string error;

  explicit SeparateBuffers(const RunnerCase& c) {
    for (const ArenaArray& array : c.arrays) {
      void* p = nullptr;
      if (cudaMalloc(&p, std::max<std::size_t>(1, array.spec.bytes())) != cudaSuccess) {
        error = "cudaMalloc of a separate buffer for " + array.spec.name + " failed";
        cudaGetLastError();
        return;
      }
      buffers.push_back(static_cast<unsigned char*>(p));
    }
  }

  DeviceArrays arrays(const RunnerCase& c) const {
    DeviceArrays a;
    for (std::size_t i = 0; i < c.arrays.size(); ++i) {
      if (c.arrays[i].input) {
        a.inputs.push_back(buffers[i]);
        a.input_bytes.push_back(c.arrays[i].spec.bytes());
      } else {
        a.outputs.push_back(buffers[i]);
        a.output_bytes.push_back(c.arrays[i].spec.bytes());
      }
    }
    return a;
  }

  // Every array both ways: the grader judges outputs and checks inputs in the arena.
  void copy(const RunnerCase& c, unsigned char* base, bool to_buffers) const {
    for (std::size_t i = 0; i < c.arrays.size(); ++i) {
      unsigned char* arena = base + c.arrays[i].offset;
      cudaMemcpy(to_buffers ? buffers[i] : arena, to_buffers ? arena : buffers[i], c.arrays[i].spec.bytes(),
                 cudaMemcpyDeviceToDevice);
    }
    cudaDeviceSynchronize();
  }
};

// In an AddressSanitizer build the guard zones are poisoned, so a stray access into one is reported
// with the line that made it; the grader still reads the zones to count what was written there.
void poison_guard_zones(const RunnerCase& c, unsigned char* base) {
#if defined(__SANITIZE_ADDRESS__)
  for (const ArenaArray& array : c.arrays) {
    ASAN_POISON_MEMORY_REGION(base + array.offset - array.guard_bytes, array.guard_bytes);
    ASAN_POISON_MEMORY_REGION(base + array.offset + array.spec.bytes(), array.guard_bytes);
  }
#else
  (void)c;
  (void)base;
#endif
}

// One line from the control pipe, without its newline; false at the pipe's end.
bool read_command(int fd, std::string* line) {
  line->clear();
  char c;
  for (;;) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n <= 0) return !line->empty();
    if (c == '\n') return true;
    if (line->size() < 64) *line += c;
  }
}

// The record ends when the student's function returns: the runner's own wait for the GPU below is not
// the student's, and a copy back the function did not wait for must show as such.
nlohmann::json call_once(const HarnessEntry& entry, const DeviceArrays& arrays, const Dims& dims,
                         std::size_t* calls) {
  std::fflush(stdout);
  entry.call(arrays, dims);
  *calls = stop_recording();
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::fflush(stdout);
  cudaError_t e = launch != cudaSuccess ? launch : sync;
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e == cudaSuccess) return {{"type", "done"}, {"status", "ok"}};
  return {{"type", "done"}, {"status", "cuda-error"}, {"error_name", cudaGetErrorName(e)}, {"error", cudaGetErrorString(e)}};
}

int serve(const Options& o) {
  const HarnessEntry* entry = find_entry(o.run.entry);
  if (!entry) {
    std::string known;
    for (const HarnessEntry& e : kit_harness.entries) known += (known.empty() ? "" : ", ") + std::string(e.name);
    send(o.channel_fd, {{"type", "ready"}, {"status", "harness-error"},
                        {"error", "the harness of " + std::string(kit_harness.assignment) + " has no function '" +
                                      o.run.entry + "' (it has " + known + ")"}});
    return 1;
  }
  std::string error;
  unsigned char* base = map_arena(o.arena_fd, o.run.arena_bytes, &error);
  if (!base) {
    send(o.channel_fd, {{"type", "ready"}, {"status", "harness-error"}, {"error", error}});
    return 1;
  }
  ::close(o.arena_fd);
  name_arrays(o.run, base);
  poison_guard_zones(o.run, base);
  std::unique_ptr<SeparateBuffers> separate;
  if (o.separate_buffers) {
    separate = std::make_unique<SeparateBuffers>(o.run);
    if (!separate->error.empty()) {
      send(o.channel_fd, {{"type", "ready"}, {"status", "harness-error"}, {"error", separate->error}});
      return 1;
    }
  }
  const DeviceArrays arrays = separate ? separate->arrays(o.run) : device_arrays(o.run, base);
  send(o.channel_fd, {{"type", "ready"}, {"status", "ok"}});
  std::string command;
  while (read_command(o.control_fd, &command)) {
    if (command == "run") {
      if (separate) separate->copy(o.run, base, true);
      // Recorded: what the call asks the runtime to do (timed calls are not, the record costs time).
      start_recording(o.channel_fd, o.run, base);
      std::size_t calls = 0;
      nlohmann::json done = call_once(*entry, arrays, o.run.dims, &calls);
      done["calls"] = calls;
      if (separate) separate->copy(o.run, base, false);
      send(o.channel_fd, done);
    } else if (command == "time") {
      const Sample s = time_one_call(*entry, arrays, o.run.dims);
      send(o.channel_fd, {{"type", "sample"}, {"error", s.error}, {"ms", s.ms}, {"ms_synced", s.ms_synced},
                          {"sm_clock_mhz", s.sm_clock_mhz}});
    } else {
      break;  // quit, or a command this runner does not know
    }
  }
  return 0;
}

}  // namespace
}  // namespace kit

int main(int argc, char** argv) {
  using namespace kit;
  const Options o = parse(argc, argv);
  if (o.mode == "info") {
    send(o.channel_fd, {{"type", "info"}, {"device", device_info()}});
    return 0;
  }
  if (o.mode != "serve") usage("--mode must be serve or info");
  return serve(o);
}
