#include "backends/backend_table.h"

namespace kit {

const RunnerBackend& runner_backend(Backend kind) {
  switch (kind) {
    case Backend::cuda: return cuda_backend();
    case Backend::cpu: return cpu_backend();
  }
  return cpu_backend();
}

}  // namespace kit
