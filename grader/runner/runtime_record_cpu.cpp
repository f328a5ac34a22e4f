// The CPU runner's record (runtime_record.h). The CPU backend's runtime sees every call itself, so no
// wrapper is needed: the runtime keeps the calls of the student's function in memory, and when the
// function has returned, this runner's own code reports them on the channel. Nothing the student's code
// writes to a file or a descriptor takes their place.
#include "runtime_record.h"

#include <kitcpu/device_memory.h>
#include <kitcpu/host_watch.h>
#include <kitcpu/runtime_calls.h>

#include <cstdlib>

#include "cpu_call_form.h"
#include "kit/channel.h"

namespace kit {
namespace {

struct Recording {
  int fd = -1;
  const RunnerCase* c = nullptr;
  const unsigned char* base = nullptr;
  bool on = false;
};

Recording& recording() {
  static Recording r;
  return r;
}

// A student's function that exits (as the handout's error check does) never returns to stop_recording:
// what it did up to the exit is still reported, so the grader can say which call failed.
void report_at_exit() {
  if (recording().on) stop_recording();
}

// The bytes of each copy, judged as it completes (runtime_record.h: carried_bytes, delivered_copy).
kitcpu::CopyNote judge_copy_bytes(const kitcpu::CopySeen& copy) {
  const Recording& r = recording();
  kitcpu::CopyNote note;
  if (!r.on || r.c == nullptr) return note;
  const nlohmann::json from = memory_end_of(copy.from, *r.c, r.base), to = memory_end_of(copy.to, *r.c, r.base);
  note.carried = carried_bytes(from, to, copy.src, copy.bytes);
  if (copy.synchronous) note.copy = delivered_copy(from, to, copy.dst, copy.bytes);
  return note;
}

}  // namespace

void start_recording(int channel_fd, const RunnerCase& c, const unsigned char* base) {
  static const bool at_exit = std::atexit(report_at_exit) == 0;
  (void)at_exit;
  forget_host_copies();
  kitcpu::restart_allocation_numbers();
  recording() = {channel_fd, &c, base, true};
  kitcpu::fail_device_allocation(c.fail_allocation);
  kitcpu::observe_copies(judge_copy_bytes);
  kitcpu::start_capturing_calls();
  // Called just before the student's function, on its thread: its host code gets the seconds a GPU
  // grader gives a whole run (kitcpu/host_watch.h).
  kitcpu::watch_host_code();
}

std::size_t stop_recording() {
  kitcpu::stop_watching_host_code();
  Recording& r = recording();
  r.on = false;
  kitcpu::fail_device_allocation(0);
  kitcpu::observe_copies(nullptr);
  std::size_t reported = 0;
  auto send_call = [&](const nlohmann::json& j) {
    const std::string text = j.dump();
    write_record(r.fd, RecordType::json, text.data(), text.size());
    ++reported;
  };
  for (const kitcpu::RuntimeCall& call : kitcpu::take_captured_calls()) {
    const nlohmann::json j = r.c ? judged_form(call, *r.c, r.base) : nlohmann::json();
    if (!j.is_null()) send_call(j);
  }
  if (r.c)
    for (const nlohmann::json& staged : staged_copy_calls(*r.c, r.base)) send_call(staged);
  if (const nlohmann::json marker = host_arrays_call(); !marker.is_null()) send_call(marker);
  return reported;
}

// The runtime records the calls and counts the allocations itself: these are for the cuda runner's
// wrappers.
bool recording_calls() { return false; }
bool filling_shared_memory() { return false; }
void report_runtime_call(const std::string&) {}
bool injected_allocation_failure() { return false; }

void runner_copy(void* dst, const void* src, std::size_t bytes, bool) { kitcpu::runner_copy(dst, src, bytes); }

}  // namespace kit
