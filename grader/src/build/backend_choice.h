// Which backend grades a submission: cuda when a usable GPU is present, else the CPU backend, and why.
#pragma once

#include <string>

#include "build/build.h"
#include "result/result.h"

namespace kit {

struct BackendChoice {
  Backend backend = Backend::cpu;
  std::string reason;  // "auto: found NVIDIA H100 80GB HBM3", "auto: no usable GPU (...)"
  DeviceInfo device;
};

// `requested`: auto | cuda | cpu. Throws UserError when the request cannot be met.
BackendChoice choose_backend(const std::string& requested);

}  // namespace kit
