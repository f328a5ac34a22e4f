#include "checks/memory_access.h"

#include "run/runner_backend.h"

namespace kit {

const AccessProfile& access_profile(Session& s, const Function& function, const Dims& dims) {
  const std::string key = function.name + "/" + format_dims(dims);
  auto found = s.worker.learned.access_profiles.find(key);
  if (found != s.worker.learned.access_profiles.end()) return found->second;
  AccessProfile p = backend_of(s).access_profile(s, function, dims);
  return s.worker.learned.access_profiles.emplace(key, std::move(p)).first->second;
}

}  // namespace kit
