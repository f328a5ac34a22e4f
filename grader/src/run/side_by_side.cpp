#include "run/side_by_side.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kit {

void for_each_side_by_side(std::size_t items, int workers, const std::function<void(int worker, std::size_t item)>& body) {
  std::size_t next = 0;
  std::mutex mutex;
  std::exception_ptr failure;
  auto work = [&](int worker) {
    for (;;) {
      std::size_t item;
      {
        const std::lock_guard<std::mutex> hold(mutex);
        if (next == items || failure) return;
        item = next++;
      }
      try {
        body(worker, item);
      } catch (...) {
        const std::lock_guard<std::mutex> hold(mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  const int count = std::max(1, std::min(workers, static_cast<int>(std::max<std::size_t>(1, items))));
  std::vector<std::thread> threads;
  for (int k = 1; k < count; ++k) threads.emplace_back(work, k);
  work(0);
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace kit
