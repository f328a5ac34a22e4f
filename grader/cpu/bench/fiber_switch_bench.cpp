// The cost of switching between fibers with Boost.Context alone, round-robin over 32, 256 and 1024
// fibers (the sizes of a warp, a typical block and the largest block): the floor under what the CPU
// backend's scheduler pays per CUDA thread per barrier. barrier_bench.cu measures the same through the
// real scheduler.
//
//   kitcpu_fiber_switch_bench [switches_per_size]     (default 8,000,000)
#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace ctx = boost::context;

namespace {

// Each fiber switches back to the main context `rounds` times; main resumes them in turn.
double nanoseconds_per_switch(int fibers, long switches) {
  long rounds = switches / (2L * fibers);
  std::vector<ctx::fiber> pool;
  pool.reserve(fibers);
  volatile long work = 0;
  for (int f = 0; f < fibers; ++f)
    pool.emplace_back(std::allocator_arg, ctx::protected_fixedsize_stack(64 * 1024),
                      [rounds, &work](ctx::fiber&& back) {
                        for (long r = 0; r < rounds; ++r) {
                          work = work + 1;
                          back = std::move(back).resume();
                        }
                        return std::move(back);
                      });
  auto start = std::chrono::steady_clock::now();
  for (long r = 0; r < rounds; ++r)
    for (ctx::fiber& f : pool) f = std::move(f).resume();
  auto stop = std::chrono::steady_clock::now();
  for (ctx::fiber& f : pool) f = std::move(f).resume();  // let each fiber return
  double ns = std::chrono::duration<double, std::nano>(stop - start).count();
  return ns / (2.0 * rounds * fibers);  // into the fiber and back out: two switches
}

}  // namespace

int main(int argc, char** argv) {
  long switches = argc > 1 ? std::atol(argv[1]) : 8000000L;
  std::printf("Boost.Context fiber switch, round-robin, %ld switches per size (one OS thread)\n", switches);
  for (int fibers : {32, 256, 1024}) {
    nanoseconds_per_switch(fibers, switches / 8);  // warm-up: stacks mapped, caches filled
    std::printf("  %4d fibers: %6.2f ns per switch\n", fibers, nanoseconds_per_switch(fibers, switches));
  }
  return 0;
}
