// kit/host_arrays.h: the host copies, moved by the runner's unrecorded copy (runtime_record.h).
#include "kit/host_arrays.h"

#include "runtime_record.h"

namespace kit {
namespace {

std::vector<long double> storage_for(std::size_t bytes) {
  return std::vector<long double>((bytes + sizeof(long double) - 1) / sizeof(long double) + 1);
}

}  // namespace

HostArrays::HostArrays(const DeviceArrays& device) : device_(device) {
  for (std::size_t i = 0; i < device.inputs.size(); ++i) {
    inputs_.push_back(storage_for(device.input_bytes[i]));
    runner_copy(inputs_.back().data(), device.inputs[i], device.input_bytes[i], false);
    name_host_copy(inputs_.back().data(), device.input_bytes[i], device.inputs[i]);
  }
  for (std::size_t i = 0; i < device.outputs.size(); ++i) {
    outputs_.push_back(storage_for(device.output_bytes[i]));
    runner_copy(outputs_.back().data(), device.outputs[i], device.output_bytes[i], false);
    name_host_copy(outputs_.back().data(), device.output_bytes[i], device.outputs[i], true);
  }
}

// The names stay until the next run starts recording (runtime_record.h): the CPU backend's record is
// judged after the harness has returned.
HostArrays::~HostArrays() = default;

// The function has returned: what its outputs hold now is its answer.
void HostArrays::return_outputs() const {
  find_staged_copies();
  for (std::size_t i = 0; i < outputs_.size(); ++i)
    runner_copy(device_.outputs[i], outputs_[i].data(), device_.output_bytes[i], true);
}

}  // namespace kit
