#include "backends/runner_backend.h"

#include "kit/assignment.h"

namespace kit {

const RunnerBackend& runner_backend(Backend kind) {
  switch (kind) {
    case Backend::cuda: return cuda_backend();
    case Backend::cpu: return cpu_backend();
  }
  return cpu_backend();
}

const char* to_string(Backend kind) { return runner_backend(kind).name(); }

const RunnerBackend& backend_of(const Assignment& a) { return a.backend_impl ? *a.backend_impl : runner_backend(a.backend); }

const char* to_string(Flavour flavour) {
  switch (flavour) {
    case Flavour::asan: return "asan";
    case Flavour::tsan: return "tsan";
    case Flavour::access: return "access";
    case Flavour::fast: break;
  }
  return "fast";
}

}  // namespace kit
