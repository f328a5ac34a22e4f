// What an assignment's harness.cpp gives the runner: which problem the student's file solves, which sizes
// the contract allows, and how to call the student's host function on device arrays the runner owns.
#pragma once

#include <vector>

#include "kit/problem.h"

namespace kit {

struct DeviceArrays {
  std::vector<const float*> inputs;
  std::vector<float*> outputs;
};

struct Harness {
  const char* assignment;  // "matmul-tiled"
  const char* problem;     // "matmul": the ProblemInputs the runner generates inputs with
  // The sizes the student's function can express (square assignments need j == k == l); nullptr: any.
  bool (*accepts)(const Dims&);
  void (*call_student)(const DeviceArrays&, const Dims&);
};

}  // namespace kit

// Defined by assignments/<name>/harness.cpp, which is compiled with the student's file into the runner.
extern const kit::Harness kit_harness;
