#include "kit/session.h"

#include <filesystem>

namespace kit {
namespace {

namespace fs = std::filesystem;

const BuildOutcome& build_once(Session& s, const std::string& key, BuildSpec spec) {
  auto found = s.builds.find(key);
  if (found != s.builds.end()) return found->second;
  spec.output_dir = (fs::path(s.work_dir) / key).string();
  spec.timeout_s = s.rubric.limits.build_seconds;
  return s.builds.emplace(key, build_runner(spec)).first->second;
}

}  // namespace

const BuildOutcome& student_runner(Session& s, const std::string& flavour, int tile_width) {
  BuildSpec spec;
  spec.backend = s.backend;
  spec.flavour = s.backend == Backend::cpu ? flavour : "fast";
  spec.assignment_dir = s.assignment_dir;
  spec.source = s.source;
  spec.tile_width = tile_width;
  const std::string key = "student-" + spec.flavour + "-tw" + std::to_string(tile_width);
  return build_once(s, key, spec);
}

const BuildOutcome& baseline_runner(Session& s, const std::string& name, const std::string& assignment,
                                    const std::string& file) {
  BuildSpec spec;
  spec.backend = s.backend;
  spec.assignment_dir = (fs::path(s.kit_root) / "assignments" / assignment).string();
  spec.source = (fs::path(s.kit_root) / file).string();
  return build_once(s, "baseline-" + name, spec);
}

const Expected& reference_for(Session& s, const Dims& dims, std::uint64_t seed) {
  const std::string key = format_dims(dims) + "/" + std::to_string(seed);
  auto found = s.references.find(key);
  if (found != s.references.end()) return found->second;
  const Arrays inputs = s.problem->inputs->generate_inputs(dims, seed);
  return s.references.emplace(key, s.problem->reference(dims, inputs)).first->second;
}

}  // namespace kit
