#include "checks/technique.h"
#include "checks/technique_kinds.h"

namespace kit {

// One row per kind of assignment/technique_spec.cpp (what a rubric may say of it): how it is checked.
const std::vector<TechniqueKind>& technique_kinds() {
  static const std::vector<TechniqueKind> kinds = {
      {"uses_shared_memory", check_uses_shared_memory},
      {"coalesced_access", check_coalesced_access},
      {"no_bank_conflicts", check_no_bank_conflicts},
      {"reports_event_time", check_reports_event_time},
      {"reports_effective_bandwidth", check_reports_effective_bandwidth},
      {"reports_host_clocks", check_reports_host_clocks},
      {"destroys_events", check_destroys_events},
      {"frees_device_memory", check_frees_device_memory},
      {"checks_errors", check_checks_errors},
      {"waits_for_copy_back", check_waits_for_copy_back},
  };
  return kinds;
}

const TechniqueKind* find_technique_kind(const std::string& name) {
  for (const TechniqueKind& k : technique_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace kit
