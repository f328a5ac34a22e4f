// Work on several threads at once: the builds of a grading, its correctness tests, a batch's gradings.
#pragma once

#include <cstddef>
#include <functional>

namespace kit {

// Calls body(worker, item) for every item from 0 to items - 1, each item once, on `workers` threads
// (the caller's thread is worker 0; at most one per item, at least one). The first exception a call
// throws stops the handing out of items and is rethrown here once every thread has ended.
void for_each_side_by_side(std::size_t items, int workers, const std::function<void(int worker, std::size_t item)>& body);

}  // namespace kit
