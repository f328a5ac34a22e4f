#include "run/side_by_side.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace kit {
namespace {

TEST(SideBySide, EveryItemOnceOnAtMostTheWorkersAsked) {
  std::vector<std::atomic<int>> calls(50);
  std::atomic<int> highest_worker{0};
  for_each_side_by_side(calls.size(), 4, [&](int worker, std::size_t item) {
    ++calls[item];
    int seen = highest_worker;
    while (worker > seen && !highest_worker.compare_exchange_weak(seen, worker)) {}
  });
  for (const auto& c : calls) EXPECT_EQ(c, 1);
  EXPECT_LT(highest_worker, 4);
}

TEST(SideBySide, NoItemsCallsNothing) {
  int calls = 0;
  for_each_side_by_side(0, 3, [&](int, std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(SideBySide, TheFirstExceptionIsRethrownAfterAllEnd) {
  std::atomic<int> calls{0};
  EXPECT_THROW(for_each_side_by_side(100, 1,
                                     [&](int, std::size_t item) {
                                       ++calls;
                                       if (item == 3) throw std::runtime_error("disk full");
                                     }),
               std::runtime_error);
  EXPECT_EQ(calls, 4);  // no item is handed out after the failure
}

}  // namespace
}  // namespace kit
