#include "run/knob_check.h"

#include <filesystem>
#include <sstream>

#include "os/build_config.h"
#include "os/process.h"
#include "run/step_sandbox.h"

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

// What the file leaves each knob of `build` at, in one preprocessing pass; "" when every one keeps its
// value.
std::string verdict_of(const std::string& defines, const Knobs& build, const std::string& pass) {
  for (const Knob& k : build) {
    const std::string value = final_definition(defines, k.name);
    if (value == std::to_string(k.value)) continue;
    return "the file " + std::string(value.empty() ? "undefines " : "redefines ") + k.name + pass + ": built with -D" +
           k.name + "=" + std::to_string(k.value) + ", it " +
           (value.empty() ? std::string("leaves it undefined") : "uses " + value) + ". Use the contract header's " +
           k.name + " (it keeps a value given with -D)";
  }
  return {};
}

}  // namespace

std::string knobs_overridden(const Assignment& a, const Submission& sub, Worker& w, const Knobs& build) {
  if (build.empty()) return {};
  const std::string key = knobs_key(build);
  auto found = w.learned.knob_checks.find(key);
  if (found != w.learned.knob_checks.end()) return found->second;
  const BuildConfig& config = build_config();
  BuildSpec spec;
  spec.assignment_dir = a.assignment_dir;
  spec.source = sub.source;
  spec.output_dir = (fs::path(w.work_dir) / (w.scratch_prefix + "knobs-" + key)).string();
  fs::create_directories(spec.output_dir);
  const std::vector<std::string> includes = {"-I" + a.assignment_dir, "-I" + fs::path(sub.source).parent_path().string(),
                                             "-I" + config.kit_dir + "/grader/include"};
  // Two passes, as the file is compiled twice: host code (the host compiler's preprocessor, with the CPU
  // backend's shims for the CUDA headers, or CUDA's own where there is no CPU backend) and device code
  // (nvcc's, where __CUDA_ARCH__ is defined). Only the macros matter here, not whether the code compiles:
  // nvcc has said that already.
  struct Pass {
    std::string name;  // for the verdict: "" or " in device code"
    std::vector<std::string> argv;
  };
  std::vector<Pass> passes;
  Pass host{"", {config.host_cxx, "-std=c++17", "-E", "-dM", "-x", "c++"}};
  host.argv.insert(host.argv.end(), includes.begin(), includes.end());
  for (const std::string& dir : config.cpu_include_dirs) host.argv.push_back("-I" + dir);
  if (config.cpu_include_dirs.empty() && !config.cuda_include_dir.empty()) host.argv.push_back("-I" + config.cuda_include_dir);
  passes.push_back(std::move(host));
  if (!config.nvcc.empty()) {
    Pass device{" in device code", {config.nvcc, "-std=c++17", "-E", "-Xcompiler", "-dM", "-arch=sm_90"}};
    device.argv.insert(device.argv.end(), includes.begin(), includes.end());
    passes.push_back(std::move(device));
  }
  std::string verdict;
  int checked = 0;
  for (Pass& pass : passes) {
    ProcessRequest req;
    req.argv = std::move(pass.argv);
    for (const Knob& k : build) req.argv.push_back("-D" + k.name + "=" + std::to_string(k.value));
    req.argv.push_back(fs::path(sub.source).filename().string());
    req.working_dir = fs::path(sub.source).parent_path().string();
    req.timeout_s = a.rubric.limits.build_seconds;
    req.max_output_bytes = 4 << 20;
    req.sandbox = compile_sandbox(a, spec);
    const ProcessResult p = run_process(req);
    if (!p.ok()) continue;
    ++checked;
    verdict = verdict_of(p.out, build, pass.name);
    if (!verdict.empty()) break;
  }
  // A file that no preprocessor takes cannot show that its -D builds are what they claim.
  if (checked == 0)
    verdict = "the file's -D" + build.front().name + " build could not be checked: no preprocessor could read it";
  return w.learned.knob_checks.emplace(key, verdict).first->second;
}

}  // namespace kit
