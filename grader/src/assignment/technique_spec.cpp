#include "assignment/technique_spec.h"

namespace kit {

const std::vector<TechniqueSpec>& technique_specs() {
  static const std::vector<TechniqueSpec> specs = {
      {"uses_shared_memory", false, {}},
      // Global memory: the 32-byte sectors one warp-wide load or store touches; 4 is ideal for 32 floats.
      {"coalesced_access", true, {{"max_sectors_per_request", 5.0}}, false},
      // Shared memory: the extra passes one warp-wide access needs because threads hit the same bank.
      {"no_bank_conflicts", true, {{"max_bank_conflicts_per_request", 1.0}}, false},
      // A timing function's report, held to the bounds of performance/timing_bounds.h. Every timing kind
      // runs at the same size, capped on the CPU backend, so that one run serves them all.
      {"reports_event_time", true,
       {{"max_ratio_gpu", 1.5}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5}, {"cpu_allowance_ms", 0.5},
        {"max_ratio_event_reads", 1.25}, {"cpu_max_elements", 65536}},
       false},
      {"reports_effective_bandwidth", true,
       {{"relative_error", 0.002}, {"max_ratio_gpu", 1.5}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5},
        {"cpu_allowance_ms", 0.5}, {"max_ratio_event_reads", 1.25}, {"cpu_max_elements", 65536}},
       false},
      {"reports_host_clocks", true,
       {{"max_unsynced_fraction", 0.5}, {"max_unsynced_ratio_cpu", 3.0}, {"max_ratio_gpu", 1.5},
        {"max_host_ratio_gpu", 3.0}, {"max_ratio_cpu", 10.0}, {"max_ratio_launches_cpu", 1.5},
        {"host_allowance_ms", 0.05}, {"cpu_allowance_ms", 0.5}, {"cpu_max_elements", 65536}},
       false},
      {"destroys_events", true, {{"cpu_max_elements", 65536}}, false},
      // Host code: every cudaMalloc freed; an injected cudaMalloc failure (each of the first
      // max_failures allocations in turn) reported and the program ended; the copy back waited for.
      {"frees_device_memory", true, {}, false},
      {"checks_errors", true, {{"max_failures", 3.0}}, false},
      {"waits_for_copy_back", true, {}, false},
  };
  return specs;
}

const TechniqueSpec* find_technique_spec(const std::string& name) {
  for (const TechniqueSpec& spec : technique_specs())
    if (name == spec.name) return &spec;
  return nullptr;
}

}  // namespace kit
