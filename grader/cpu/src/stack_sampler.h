// Where another thread is executing right now: the watchdog interrupts a worker stuck in a kernel and
// reads its program counter and stack, so that a hang can be reported at the line that spins.
#pragma once

#include <pthread.h>

#include <chrono>
#include <vector>

namespace kitcpu::detail {

// Code addresses of `thread`'s stack, innermost first (the interrupted instruction, then return
// addresses minus one); empty when the thread did not answer within `timeout` or sampling is not
// available (the tsan flavour, where signals wait for the thread to call into the sanitizer).
std::vector<const void*> sample_stack(pthread_t thread, std::chrono::milliseconds timeout);

}  // namespace kitcpu::detail
