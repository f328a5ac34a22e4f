// The "hang" diagnostic: which CUDA thread was running when the watchdog fired, the line it was
// executing, and where the other threads of its block wait. The "host-hang" one: the line the watched
// host thread was running.
#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <utility>

#include <kitcpu/run_protocol.h>
#include "block_runner.h"
#include "diagnostic_sink.h"
#include "stack_sampler.h"
#include "student_files.h"
#include "symbolizer.h"
#include "watchdog.h"

namespace kitcpu::detail {
namespace {

constexpr const char* kHangHint =
    "a loop whose exit condition never becomes true, or a thread waiting in a loop for a value that another "
    "thread or block writes: the threads of a block take turns only at __syncthreads() here, and a GPU "
    "gives no guarantee either that the thread or block being waited for ever runs";

constexpr const char* kHostHangHint =
    "a loop in host code whose exit condition never becomes true (waiting for a value a kernel writes "
    "needs a copy back inside the loop), or a call that blocks, such as a sleep or a read from a file or "
    "the terminal";

std::string seconds_text(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// "255 other thread(s) of its block wait at __syncthreads() at a.cu:18, 1 at a.cu:30; 3 ... have exited;
// 12 ... have not had their turn yet"
std::string describe_others(const BlockRunner::Observation& o) {
  std::map<std::pair<std::string, int>, int> waiting;
  int exited = 0;
  int not_run = 0;
  for (const auto& t : o.threads) {
    if (static_cast<int>(t.index) == o.running) continue;
    if (t.state == FiberState::at_barrier && t.barrier != nullptr) ++waiting[{t.barrier->file, t.barrier->line}];
    if (t.state == FiberState::exited) ++exited;
    if (t.state == FiberState::ready) ++not_run;
  }
  std::string text;
  for (const auto& [site, count] : waiting) {
    text += text.empty() ? std::to_string(count) + " other thread(s) of its block wait at __syncthreads() at "
                         : ", " + std::to_string(count) + " at ";
    text += site.first + ":" + std::to_string(site.second);
  }
  if (exited > 0) text += (text.empty() ? "" : "; ") + std::to_string(exited) + " other thread(s) of its block have exited";
  if (not_run > 0) {
    text += (text.empty() ? "" : "; ") + std::to_string(not_run) +
            " other thread(s) of its block had not had their turn yet";
  }
  return text;
}

// A thread that spins is somewhere in its loop when a sample catches it, so one sample could name a
// different line each run of one file. Many samples, reported as the span of lines they fell on, name
// the loop the same way every time; the first of them is the line the diagnostic points at.
struct SampledLines {
  int first = 0, last = 0;
  std::string file;  // the student's file the samples fell in
  // "line 9", "lines 40 to 76"
  std::string span() const {
    return first == last ? "line " + std::to_string(first)
                         : "lines " + std::to_string(first) + " to " + std::to_string(last);
  }
};

// Enough that the loop's first line (its test, run every pass) is among them on every run.
constexpr int kSamples = 32;

// `file`: the samples' file to keep; empty: any of the student's files.
SampledLines sample_lines(pthread_t thread, const std::string& file) {
  SampledLines lines;
  // However slowly the thread answers, the report waits at most this long for its samples.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  for (int i = 0; i < kSamples && std::chrono::steady_clock::now() < deadline; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const std::vector<const void*> addresses = sample_stack(thread, std::chrono::milliseconds(200));
    if (addresses.empty()) break;  // the thread does not answer: the next sample would wait as long
    const std::vector<SourceLocation> stack = symbolize(addresses);
    std::string name;
    const SourceLocation* at = file.empty() ? first_in_student_file(stack, &name) : first_in_file(stack, file);
    if (at == nullptr) continue;
    if (lines.first == 0) lines.file = file.empty() ? name : file;
    lines.first = lines.first == 0 ? at->line : std::min(lines.first, at->line);
    lines.last = std::max(lines.last, at->line);
  }
  return lines;
}

}  // namespace

void report_hang(const LaunchState& launch, double seconds) {
  const LaunchRequest& request = launch.request;
  Diagnostic d;
  d.severity = "error";
  d.category = category::kHang;
  d.kernel = request.kernel_name;
  d.launch_site = launch.launch_site;
  d.file = request.file;
  d.line = request.line;
  d.hint = kHangHint;
  d.message = "the kernel did not finish: no block of it finished in " + seconds_text(seconds) + " s";

  int busy_workers = 0;
  bool described = false;
  for (BlockRunner* runner : BlockRunner::all()) {
    const BlockRunner::Observation o = runner->observe();
    if (o.launch != &launch || o.block == BlockRunner::kIdle) continue;
    ++busy_workers;
    if (described || o.running < 0) continue;
    described = true;
    d.block = format_index(unflatten(o.block, request.grid));
    d.thread = format_index(unflatten(static_cast<std::uint64_t>(o.running), request.block));
    const SampledLines lines = sample_lines(runner->os_thread(), request.file);
    if (lines.first > 0) d.line = lines.first;
    d.message += ": thread " + d.thread + " of block " + d.block + " was still running" +
                 (lines.first == 0 ? "" : (lines.first == lines.last ? " at " : " in ") + lines.span()) +
                 " and never reached a __syncthreads() or the end of the kernel";
    const std::string others = describe_others(o);
    if (!others.empty()) d.message += "; " + others;
  }
  if (busy_workers > 1) d.message += " (" + std::to_string(busy_workers - 1) + " other block(s) were running too)";
  report_fatal(d);
}

void report_host_hang(pthread_t thread, double seconds) {
  Diagnostic d;
  d.severity = "error";
  d.category = category::kHostHang;
  d.hint = kHostHangHint;
  d.message = "the function did not return: its host code ran " + seconds_text(seconds) +
              " s without launching a kernel, where a correct one takes milliseconds";
  // Sampling needs the thread to take a signal: one that blocks it is reported without a line.
  const SampledLines lines = sample_lines(thread, "");
  if (lines.first > 0) {
    d.file = lines.file;
    d.line = lines.first;
    d.message += "; it was running " + lines.span();
  }
  report_fatal(d);
}

}  // namespace kitcpu::detail
