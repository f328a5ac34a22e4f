// kitcpu-calls FILE
//
// Prints the record of runtime calls a run wrote to KITCPU_CALLS (kitcpu/runtime_calls.h), one call a
// line, as format_runtime_call words it. For people reading a run, and for the backend's tests.
#include <iostream>

#include <kitcpu/runtime_calls.h>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: kitcpu-calls FILE\nPrints the runtime calls a run recorded in FILE (KITCPU_CALLS).\n";
    return 2;
  }
  for (const kitcpu::RuntimeCall& call : kitcpu::read_runtime_calls(argv[1])) {
    std::cout << kitcpu::format_runtime_call(call) << "\n";
  }
  return 0;
}
