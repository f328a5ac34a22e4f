#include "backends/runner_backend.h"

namespace kit {

const RunnerBackend& runner_backend(Backend kind) {
  switch (kind) {
    case Backend::cuda: return cuda_backend();
    case Backend::cpu: return cpu_backend();
  }
  return cpu_backend();
}

const char* to_string(Backend kind) { return runner_backend(kind).name(); }

}  // namespace kit
