#include "run/worker.h"

namespace kit {

void credit_kernels(CorrectnessEvidence& e, const std::set<std::string>& kernels, std::uint64_t answer_bytes) {
  if (answer_bytes < e.launched_kernels_bytes) return;
  if (answer_bytes > e.launched_kernels_bytes) e.launched_kernels.clear();
  e.launched_kernels_bytes = answer_bytes;
  e.launched_kernels.insert(kernels.begin(), kernels.end());
}

void merge_evidence(CorrectnessEvidence& into, CorrectnessEvidence&& from) {
  credit_kernels(into, from.launched_kernels, from.launched_kernels_bytes);
  into.kernels_recorded = into.kernels_recorded || from.kernels_recorded;
  for (HostCodeRun& run : from.host_code_runs)
    if (into.host_code_runs.size() < kMaxHostCodeRuns) into.host_code_runs.push_back(std::move(run));
}

Worker worker_beside(const Worker& grading, const std::string& scratch_prefix) {
  Worker w;
  w.work_dir = grading.work_dir;
  w.scratch_prefix = scratch_prefix;
  w.learned = grading.learned;
  w.gpu_memory = grading.gpu_memory;
  w.racecheck_sweep = grading.racecheck_sweep;
  w.memcheck_probes = grading.memcheck_probes;
  w.shared_builds = grading.shared_builds;
  return w;
}

void join_worker(Worker& grading, Worker&& done) {
  done.runners.clear();
  grading.stages.add(done.stages.seconds());
  Learned& l = grading.learned;
  for (auto& [key, build] : done.learned.builds) l.builds.emplace(key, std::move(build));
  for (auto& [key, verdict] : done.learned.knob_checks) l.knob_checks.emplace(key, std::move(verdict));
  for (auto& [key, data] : done.learned.case_data) l.case_data.emplace(key, std::move(data));
  for (auto& [key, profile] : done.learned.access_profiles) l.access_profiles.emplace(key, std::move(profile));
  if (!l.gpu_limits && done.learned.gpu_limits) l.gpu_limits = done.learned.gpu_limits;
  merge_evidence(grading.evidence, std::move(done.evidence));
}

}  // namespace kit
