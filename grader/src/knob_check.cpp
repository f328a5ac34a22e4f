#include "kit/knob_check.h"

#include <filesystem>
#include <sstream>

#include "kit/build_config.h"
#include "kit/process.h"
#include "kit/step_sandbox.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The value of `name` in `#define` lines of `g++ -dM` output, or "" when it ends undefined.
std::string final_definition(const std::string& defines, const std::string& name) {
  std::istringstream lines(defines);
  std::string line;
  const std::string prefix = "#define " + name + " ";
  std::string value;
  while (std::getline(lines, line))
    if (line.rfind(prefix, 0) == 0) value = line.substr(prefix.size());
  return value;
}

}  // namespace

std::string knobs_overridden(Session& s, const Knobs& build) {
  if (build.empty()) return {};
  const std::string key = knobs_key(build);
  auto found = s.knob_checks.find(key);
  if (found != s.knob_checks.end()) return found->second;
  // The host compiler's preprocessor, with the CPU backend's shims for the CUDA headers: only the macros
  // matter here, not whether the code compiles (nvcc has said that already).
  const BuildConfig& config = build_config();
  BuildSpec spec;
  spec.assignment_dir = s.assignment_dir;
  spec.source = s.source;
  spec.output_dir = (fs::path(s.work_dir) / (s.scratch_prefix + "knobs-" + key)).string();
  fs::create_directories(spec.output_dir);
  ProcessRequest req;
  req.argv = {config.host_cxx, "-std=c++17", "-E", "-dM", "-x", "c++", "-I" + s.assignment_dir,
              "-I" + fs::path(s.source).parent_path().string(), "-I" + config.kit_dir + "/grader/include"};
  for (const std::string& dir : config.cpu_include_dirs) req.argv.push_back("-I" + dir);
  for (const Knob& k : build) req.argv.push_back("-D" + k.name + "=" + std::to_string(k.value));
  req.argv.push_back(fs::path(s.source).filename().string());
  req.working_dir = fs::path(s.source).parent_path().string();
  req.timeout_s = s.rubric.limits.build_seconds;
  req.max_output_bytes = 4 << 20;
  req.sandbox = compile_sandbox(s, spec);
  const ProcessResult p = run_process(req);
  std::string verdict;
  if (p.ok()) {
    for (const Knob& k : build) {
      const std::string value = final_definition(p.out, k.name);
      if (value != std::to_string(k.value)) {
        verdict = "the file " + std::string(value.empty() ? "undefines " : "redefines ") + k.name + ": built with -D" +
                  k.name + "=" + std::to_string(k.value) + ", it " +
                  (value.empty() ? std::string("leaves it undefined") : "uses " + value) +
                  ". Use the contract header's " + k.name + " (it keeps a value given with -D)";
        break;
      }
    }
  }
  return s.knob_checks.emplace(key, verdict).first->second;
}

}  // namespace kit
