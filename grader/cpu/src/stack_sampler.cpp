#include "stack_sampler.h"

#include <execinfo.h>
#include <signal.h>
#include <ucontext.h>

#include <atomic>
#include <thread>

#include "sanitizer_support.h"

namespace kitcpu::detail {
namespace {

// SIGURG is ignored by default, so a sample that arrives late can never kill the process.
constexpr int kSampleSignal = SIGURG;
constexpr int kMaxFrames = 48;

struct Sample {
  std::atomic<bool> taken{false};
  const void* pc = nullptr;
  void* frames[kMaxFrames] = {};
  int frame_count = 0;
};
Sample sample;

const void* interrupted_pc(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return nullptr;
#endif
}

void on_sample_signal(int, siginfo_t*, void* context) {
  if (sample.taken.load(std::memory_order_acquire)) return;
  sample.pc = interrupted_pc(context);
  sample.frame_count = backtrace(sample.frames, kMaxFrames);
  sample.taken.store(true, std::memory_order_release);
}

}  // namespace

std::vector<const void*> sample_stack(pthread_t thread, std::chrono::milliseconds timeout) {
  if (KITCPU_TSAN) return {};
  static const bool installed = [] {
    void* warm_up[1];
    backtrace(warm_up, 1);  // loads the unwinder now: the signal handler must not be the first caller
    struct sigaction action = {};
    action.sa_sigaction = &on_sample_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(kSampleSignal, &action, nullptr) == 0;
  }();
  if (!installed) return {};

  sample.taken.store(false, std::memory_order_release);
  if (pthread_kill(thread, kSampleSignal) != 0) return {};
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!sample.taken.load(std::memory_order_acquire)) {
    if (std::chrono::steady_clock::now() > deadline) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // The backtrace starts inside the handler; the interrupted code begins at the frame holding pc.
  std::vector<const void*> out{sample.pc};
  int first = sample.frame_count;
  for (int i = 0; i < sample.frame_count; ++i) {
    if (sample.frames[i] == sample.pc) {
      first = i + 1;
      break;
    }
  }
  for (int i = first; i < sample.frame_count; ++i) out.push_back(static_cast<const char*>(sample.frames[i]) - 1);
  return out;
}

}  // namespace kitcpu::detail
