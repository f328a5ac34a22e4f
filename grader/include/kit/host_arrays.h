// For an assignment whose student function takes host pointers and does the device's work itself
// (allocate, copy in, launch, copy back, free: the vector-add contract): the harness hands it host copies
// of the runner's device arrays and puts its outputs back.
//
// The copies are the runner's own, outside the record of runtime calls (grader/runner/runtime_record.h),
// and the record names the host copies after their arrays ({"array": "C", "role": "output", "side":
// "host"}), so the grader can judge the student's copies: the inputs copied to the device, the output
// written by a copy from the device after a launch (grader/src/run/runtime_calls.h).
#pragma once

#include <cstddef>
#include <vector>

#include "kit/harness.h"

namespace kit {

class HostArrays {
 public:
  // Copies every input, and every output as the grader left it (poisoned), to host memory.
  explicit HostArrays(const DeviceArrays& device);
  ~HostArrays();
  HostArrays(const HostArrays&) = delete;
  HostArrays& operator=(const HostArrays&) = delete;

  template <class T>
  const T* in(std::size_t i) const { return reinterpret_cast<const T*>(inputs_[i].data()); }
  template <class T>
  T* out(std::size_t i) { return reinterpret_cast<T*>(outputs_[i].data()); }

  // Copies the host outputs into the runner's device arrays, where the grader reads them.
  void return_outputs() const;

 private:
  const DeviceArrays& device_;
  // 16-byte aligned storage, as malloc would give the student.
  std::vector<std::vector<long double>> inputs_, outputs_;
};

}  // namespace kit
