// Passing the grader's end on to its children (child_cleanup.h). The handler may run at any moment in
// any thread, so the groups live in a fixed table of atomics and the handler makes only
// async-signal-safe calls (kill, nanosleep, signal, raise).
#include "os/child_cleanup.h"

#include <signal.h>
#include <time.h>

#include <atomic>
#include <cstddef>
#include <initializer_list>

namespace kit {

namespace {

// More than a batch's jobs times the children each grading runs at once; a group that finds no free
// slot is simply not ended early (its sandbox, if any, still ends with its parent).
constexpr std::size_t kSlots = 512;
std::atomic<pid_t> groups[kSlots];

// How long the children get to end theirs before they are killed: a child grader needs its own grace
// for its children, so this is the grace of a grading nested two deep (a batch's grading's runner).
constexpr long kGraceMilliseconds = 1500;

void signal_every_group(int signal) {
  for (std::atomic<pid_t>& slot : groups) {
    const pid_t group = slot.load();
    if (group > 0) ::kill(-group, signal);
  }
}

bool any_group_alive() {
  for (std::atomic<pid_t>& slot : groups) {
    const pid_t group = slot.load();
    if (group > 0 && ::kill(-group, 0) == 0) return true;
  }
  return false;
}

void end_children_and_self(int signal) {
  signal_every_group(SIGTERM);
  signal_every_group(SIGCONT);  // a stopped child cannot act on SIGTERM
  for (long waited = 0; waited < kGraceMilliseconds && any_group_alive(); waited += 50) {
    const timespec step = {0, 50 * 1000 * 1000};
    ::nanosleep(&step, nullptr);
  }
  signal_every_group(SIGKILL);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

}  // namespace

void end_children_with_the_grader() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  struct sigaction action {};
  action.sa_handler = end_children_and_self;
  sigemptyset(&action.sa_mask);
  // While one signal is handled the others wait: the children are ended once.
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&action.sa_mask, s);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction previous {};
    ::sigaction(s, nullptr, &previous);
    // A grader started with a signal ignored (nohup) keeps it ignored.
    if (previous.sa_handler != SIG_IGN) ::sigaction(s, &action, nullptr);
  }
}

void note_child_group(pid_t group) {
  for (std::atomic<pid_t>& slot : groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void forget_child_group(pid_t group) {
  for (std::atomic<pid_t>& slot : groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace kit
