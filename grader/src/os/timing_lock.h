// The timing lock: how gradings that share one GPU keep off it while one of them times. The lock is the
// timing.lock of the prepared folder a batch hands every child (build/prepared.h, docs/batch.md): a file
// that every grading sharing the GPU locks (flock), so that nothing of another grading runs on the GPU
// during a timing, while builds go on. A grading without one locks nothing (an empty path).
#pragma once

#include <string>

namespace kit {

// Holds the timing lock for its lifetime, waiting for it first, in one of two ways:
// - `timing`: alone. A grading takes it around the student's timed runs and the baselines' together (they
//   are interleaved in rounds), so the student and the kernels they are compared with are timed on a GPU
//   nobody else uses, in the same quiet minutes; and around any other timing (the kit's own, to judge a
//   student's reported time).
// - `run`: shared with other runs. Every other run on the GPU (a correctness run, a sanitizer run, a
//   technique check's run) takes it so, for as long as its arena lives, and a worker's kept runners
//   (run/runner_pool.h) for as long as they wait.
// A timing waiting for the lock keeps new runs from starting (they queue behind it in a second lock,
// `<path>.queue`): it waits only for the runs already going, never for a stream of new ones. So whoever
// holds a share must never wait for another: it would wait behind a timing that waits for it.
// The lock the gradings on one GPU of this machine share when no batch hands them one: gradings started
// side by side (an autograder's workers, a script's background jobs, two terminals) then keep off each
// other's timings and profiles as a batch's children do; without it a neighbour's kernels ran inside a
// profile and a timing and changed their verdicts. One per user and per CUDA_VISIBLE_DEVICES, in the
// temporary folder; KIT_GPU_LOCK names another file, or "none" for no lock. "" when the file cannot be
// opened (the grading then shares nothing, as before), and then `why` (when given) says which file and why.
std::string machine_gpu_lock_path(std::string* why = nullptr);

class TimingLock {
 public:
  enum class Use { timing, run };
  // Whether a timing holds the queue of the lock at `path`, waiting for the lock or timing (or a run is
  // that moment taking its share). False for an empty path.
  static bool timing_waits(const std::string& path);
  // Nothing held.
  TimingLock() = default;
  // Takes the lock at `path`; takes nothing for an empty path (outside a batch) or when `wanted` is false
  // (a run on the CPU backend). Throws std::runtime_error when the lock files cannot be opened.
  explicit TimingLock(const std::string& path, Use use = Use::timing, bool wanted = true);
  ~TimingLock();
  TimingLock(TimingLock&& other) noexcept;
  TimingLock& operator=(TimingLock&& other) noexcept;
  TimingLock(const TimingLock&) = delete;
  TimingLock& operator=(const TimingLock&) = delete;

  bool held() const { return fd_ >= 0; }

 private:
  void release();
  int fd_ = -1;
  int queue_fd_ = -1;  // held by a timing for its lifetime, by a run only until it has its share
};

}  // namespace kit
