// The runner: the harness's main, linked with one student file and one assignment's harness.cpp. The
// grader starts it for a test and keeps it for that test's runs, and may keep it for more tests after
// (grader/src/run/runner_pool.h): it maps the arena the grader filled (kit/device_memory.h), then answers the
// grader's commands on a control socket, one line each, reporting on the private channel:
//
//   run         call the student's function once and wait for the GPU   -> {"type":"call", ...} for each
//                                                                          runtime call it made, then
//                                                                          {"type":"done", "status":...,
//                                                                          "calls": how many}
//   time        one timed call (timing_protocol.h)                      -> {"type":"sample", "ms":...}
//   case JSON   the next test's case, its arena's descriptor attached   -> {"type":"ready", ...}
//               (SCM_RIGHTS): the last case's arena is let go
//   quit        (or the socket's end) exit
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
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include "arena_map.h"
#include "kit/channel.h"
#include "kit/descriptor_passing.h"
#include "kit/harness.h"
#include "kit/runner_case.h"
#include "runner_lockdown.h"
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

  ~SeparateBuffers() {
    for (unsigned char* buffer : buffers) cudaFree(buffer);
  }
  SeparateBuffers(const SeparateBuffers&) = delete;
  SeparateBuffers& operator=(const SeparateBuffers&) = delete;

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

// The longest command: a case's JSON, a few hundred bytes per array.
constexpr std::size_t kMaxCommand = std::size_t{1} << 20;

// One line from the control socket, without its newline, and the descriptor that came with it (-1 when
// none did); false at the socket's end.
bool read_command(int fd, std::string* line, int* received_fd) {
  line->clear();
  *received_fd = -1;
  for (;;) {
    char c;
    iovec data = {&c, 1};
    DescriptorRoom room;
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    expect_descriptor(message, room);
    ssize_t n = ::recvmsg(fd, &message, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == ENOTSOCK) n = ::read(fd, &c, 1);  // a pipe, from a caller of old
    if (const int received = n > 0 ? received_descriptor(message) : -1; received >= 0) {
      if (*received_fd >= 0) ::close(*received_fd);
      *received_fd = received;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return !line->empty();
    if (c == '\n') return true;
    if (line->size() < kMaxCommand) *line += c;
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

// The case being served: its arena mapped and named, and what the student's function is handed.
struct ServedCase {
  RunnerCase run;
  const HarnessEntry* entry = nullptr;
  unsigned char* base = nullptr;
  std::unique_ptr<SeparateBuffers> separate;
  DeviceArrays arrays;
};

// Lets go of a case's arena and buffers before the next case's come.
void close_case(ServedCase& served) {
  if (!served.base) return;
  served.separate.reset();
#if defined(__SANITIZE_ADDRESS__)
  for (const ArenaArray& array : served.run.arrays)
    ASAN_UNPOISON_MEMORY_REGION(served.base + array.offset - array.guard_bytes, array.spec.bytes() + 2 * array.guard_bytes);
#endif
  unmap_arena(served.base, served.run.arena_bytes);
  served = ServedCase();
}

// Maps `run`'s arena from `arena_fd` (closed here) and makes it the case served. Returns "" or why it
// cannot be served, for the "ready" record.
std::string open_case(const RunnerCase& run, int arena_fd, bool separate_buffers, ServedCase& served) {
  close_case(served);
  served.entry = find_entry(run.entry);
  if (!served.entry) {
    ::close(arena_fd);
    std::string known;
    for (const HarnessEntry& e : kit_harness.entries) known += (known.empty() ? "" : ", ") + std::string(e.name);
    return "the harness of " + std::string(kit_harness.assignment) + " has no function '" + run.entry + "' (it has " +
           known + ")";
  }
  std::string error;
  served.base = map_arena(arena_fd, run.arena_bytes, &error);
  ::close(arena_fd);
  if (!served.base) return error;
  served.run = run;
  name_arrays(served.run, served.base);
  poison_guard_zones(served.run, served.base);
  if (separate_buffers) {
    served.separate = std::make_unique<SeparateBuffers>(served.run);
    if (!served.separate->error.empty()) return served.separate->error;
  }
  served.arrays = served.separate ? served.separate->arrays(served.run) : device_arrays(served.run, served.base);
  return "";
}

void send_ready(int channel_fd, const std::string& error) {
  if (error.empty()) send(channel_fd, {{"type", "ready"}, {"status", "ok"}});
  else send(channel_fd, {{"type", "ready"}, {"status", "harness-error"}, {"error", error}});
}

int serve(const Options& o) {
  ServedCase served;
  std::string error = open_case(o.run, o.arena_fd, o.separate_buffers, served);
  send_ready(o.channel_fd, error);
  if (!error.empty()) return 1;
  std::string command;
  int received_fd = -1;
  while (read_command(o.control_fd, &command, &received_fd)) {
    if (command == "run") {
      if (served.separate) served.separate->copy(served.run, served.base, true);
      // Recorded: what the call asks the runtime to do (timed calls are not, the record costs time).
      start_recording(o.channel_fd, served.run, served.base);
      std::size_t calls = 0;
      nlohmann::json done = call_once(*served.entry, served.arrays, served.run.dims, &calls);
      done["calls"] = calls;
      if (served.separate) served.separate->copy(served.run, served.base, false);
      send(o.channel_fd, done);
    } else if (command == "time") {
      const Sample s = time_one_call(*served.entry, served.arrays, served.run.dims);
      send(o.channel_fd, {{"type", "sample"}, {"error", s.error}, {"ms", s.ms}, {"ms_synced", s.ms_synced},
                          {"sm_clock_mhz", s.sm_clock_mhz}});
    } else if (command.rfind("case ", 0) == 0 && received_fd >= 0) {
      RunnerCase next;
      try {
        next = decode_runner_case(command.substr(5));
      } catch (const std::exception& e) {
        error = e.what();
      }
      if (error.empty()) error = open_case(next, received_fd, o.separate_buffers, served);
      else ::close(received_fd);
      received_fd = -1;
      send_ready(o.channel_fd, error);
      if (!error.empty()) return 1;
    } else {
      break;  // quit, or a command this runner does not know
    }
    if (received_fd >= 0) ::close(received_fd);  // a descriptor that came with no case
    received_fd = -1;
  }
  return 0;
}

}  // namespace
}  // namespace kit

int main(int argc, char** argv) {
  using namespace kit;
  lock_down_runner();  // before the runner maps its arena (runner_lockdown.h)
  const Options o = parse(argc, argv);
  if (o.mode == "info") {
    send(o.channel_fd, {{"type", "info"}, {"device", device_info()}});
    return 0;
  }
  if (o.mode != "serve") usage("--mode must be serve or info");
  return serve(o);
}
