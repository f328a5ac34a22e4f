// What an assignment's harness.cpp gives the runner: the student's functions it can call, each by name,
// on device arrays the runner owns and fills. The grader picks the function (the rubric's `functions`)
// and the arrays; the harness only binds the contract's signature to them.
#pragma once

#include <cstddef>
#include <vector>

#include "kit/array.h"

namespace kit {

struct DeviceArrays {
  std::vector<const void*> inputs;
  std::vector<void*> outputs;
  std::vector<std::size_t> input_bytes, output_bytes;

  template <class T>
  const T* in(std::size_t i) const { return static_cast<const T*>(inputs[i]); }
  template <class T>
  T* out(std::size_t i) const { return static_cast<T*>(outputs[i]); }
};

struct HarnessEntry {
  const char* name;  // the student's function, as the rubric names it: "transpose_padded"
  void (*call)(const DeviceArrays& arrays, const Dims& dims);
};

struct Harness {
  const char* assignment;  // "transpose"
  std::vector<HarnessEntry> entries;
};

}  // namespace kit

// Defined by assignments/<name>/harness.cpp, which is compiled with the student's file into the runner.
extern const kit::Harness kit_harness;
