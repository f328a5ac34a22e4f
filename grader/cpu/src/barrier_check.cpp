#include "barrier_check.h"

namespace kitcpu::detail {

void RoundTally::begin_block() {
  open_barrier();
  set(exited_, 0);
  set(first_exited_, kNone);
  set(first_finished_, kNone);
}

// Only one thread of a block runs at a time, so a load and a store (no read-modify-write) are enough.
void RoundTally::arrive(const BarrierSite* site, int thread, int predicate) {
  const int arrived = arrived_.load(std::memory_order_relaxed);
  set(arrived_, arrived + 1);
  set(predicate_sum_, predicate_sum_.load(std::memory_order_relaxed) + predicate);
  if (arrived == 0) {
    set(site_, site);
    set(first_waiter_, thread);
  } else if (site != site_.load(std::memory_order_relaxed) && first_elsewhere_.load(std::memory_order_relaxed) == kNone) {
    set(first_elsewhere_, thread);
    set(elsewhere_site_, site);
  }
}

void RoundTally::exit(int thread, bool finished_kernel) {
  if (exited_.load(std::memory_order_relaxed) == 0) set(first_exited_, thread);
  set(exited_, exited_.load(std::memory_order_relaxed) + 1);
  if (finished_kernel && first_finished_.load(std::memory_order_relaxed) == kNone) set(first_finished_, thread);
}

void RoundTally::open_barrier() {
  set(arrived_, 0);
  set(predicate_sum_, 0);
  set(site_, static_cast<const BarrierSite*>(nullptr));
  set(first_waiter_, kNone);
  set(first_elsewhere_, kNone);
  set(elsewhere_site_, static_cast<const BarrierSite*>(nullptr));
}

RoundVerdict judge_round(const RoundTally& tally) {
  if (tally.arrived() == 0) return {RoundVerdict::Kind::block_finished, false};
  if (tally.first_elsewhere() != RoundTally::kNone) return {RoundVerdict::Kind::different_barriers, false};
  // A thread that finished the kernel normally did so without the barrier the others wait at (a round
  // ends only when no thread can run, so it cannot have passed it).
  if (tally.first_finished() != RoundTally::kNone) return {RoundVerdict::Kind::finished_past_barrier, false};
  return {RoundVerdict::Kind::barrier_opens, tally.exited() > 0};
}

}  // namespace kitcpu::detail
