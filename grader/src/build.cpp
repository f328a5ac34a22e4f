#include "kit/build.h"

#include <cxxabi.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "kit/build_config.h"
#include "kit/harness_cache.h"
#include "kit/process.h"
#include "kit/text.h"
#include "kit/wrapped_calls.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include <kitcpu/rewrite.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string command_line(const std::vector<std::string>& argv) {
  std::string text;
  for (const auto& a : argv) text += (text.empty() ? "" : " ") + a;
  return text;
}

// `student_folder`: the folder of the student's file is on the include path too; the harness, compiled
// on its own (kit/harness_cache.h), never sees it.
void add_common_includes(std::vector<std::string>& argv, const BuildSpec& spec, bool student_folder = true) {
  const BuildConfig& config = build_config();
  argv.push_back("-I" + spec.assignment_dir);
  if (student_folder) argv.push_back("-I" + fs::path(spec.source).parent_path().string());
  argv.push_back("-I" + config.kit_dir + "/grader/include");
  for (const Knob& k : spec.defines) argv.push_back("-D" + k.name + "=" + std::to_string(k.value));
}

// The harness as a runner's compile command takes it: the cached object when there is a build cache,
// else the source, compiled with the student's file.
std::string harness_input(std::vector<std::string> compiler_and_flags, const BuildSpec& spec) {
  add_common_includes(compiler_and_flags, spec, false);
  const std::string object = cached_harness_object(compiler_and_flags, spec);
  return object.empty() ? spec.assignment_dir + "/harness.cpp" : object;
}

// Compilers run in the submission's folder and are given its file by name alone, so their messages say
// "matmul_tiled.cu(12)", the student's own name, wherever the grader keeps its copy.
ProcessRequest compiler_request(const std::vector<std::string>& argv, const BuildSpec& spec) {
  ProcessRequest req;
  req.argv = argv;
  req.working_dir = fs::path(spec.source).parent_path().string();
  req.timeout_s = spec.timeout_s;
  req.max_output_bytes = 1 << 20;
  req.sandbox = spec.sandbox;
  return req;
}

std::string source_file_name(const BuildSpec& spec) { return fs::path(spec.source).filename().string(); }

BuildOutcome run_compiler(const std::vector<std::string>& argv, const BuildSpec& spec, const std::string& exe,
                          const std::string& what) {
  BuildOutcome outcome;
  ProcessResult p = run_process(compiler_request(argv, spec));
  outcome.seconds = p.seconds;
  outcome.log = "$ " + command_line(argv) + "\n" + p.out + p.err;
  outcome.ok = p.ok() && fs::exists(exe);
  outcome.executable = exe;
  if (!outcome.ok) outcome.summary = what + " failed (" + describe_ending(p, spec.timeout_s) + ")";
  return outcome;
}

BuildOutcome build_cuda(const BuildSpec& spec) {
  const BuildConfig& config = build_config();
  if (config.nvcc.empty()) return {false, "", "", "the kit was built without nvcc: the cuda backend is unavailable"};
  const std::string exe = (fs::path(spec.output_dir) / "runner").string();
  std::vector<std::string> argv = {config.nvcc, "-std=c++17", "-O3", "-lineinfo", "-g", "-arch=native"};
  const std::string harness = harness_input(argv, spec);
  add_common_includes(argv, spec);
  // The runner maps the grader's arena with the CUDA driver (runner/arena_map_cuda.cpp), and sees the
  // student's runtime calls through wrappers (runner/runtime_record.h); -g (host debug information, not
  // -G) lets the grader name the line of each call (kit/call_sites.h).
  argv.insert(argv.end(), {"-o", exe, source_file_name(spec), harness, config.cuda_runner_library,
                           config.common_library, config.cuda_driver_library});
  for (const char* call : kWrappedRuntimeCalls) argv.insert(argv.end(), {"-Xlinker", std::string("--wrap=") + call});
  return run_compiler(argv, spec, exe, "nvcc");
}

BuildOutcome build_cpu(const BuildSpec& spec) {
#ifdef KIT_HAVE_CPU_BACKEND
  const BuildConfig& config = build_config();
  auto flavour = config.cpu_flavours.find(spec.flavour);
  if (flavour == config.cpu_flavours.end()) return {false, "", "", "unknown CPU build flavour " + spec.flavour};
  const std::string rewritten = (fs::path(spec.output_dir) / "student.cpp").string();
  try {
    std::ofstream(rewritten) << kitcpu::rewrite_cuda_source(read_text_file(spec.source), source_file_name(spec));
  } catch (const kitcpu::RewriteError& e) {
    BuildOutcome failed;
    // The rewriter's refusals say what to change (a launch it cannot read, a test of __CUDACC__...).
    failed.summary = "the CPU backend cannot run this file: " + std::string(e.what());
    failed.log = source_file_name(spec) + ":" + std::to_string(e.line) + ": " + e.what();
    return failed;
  }
  const std::string exe = (fs::path(spec.output_dir) / "runner").string();
  std::vector<std::string> argv = {config.host_cxx, "-std=c++17"};
  argv.insert(argv.end(), flavour->second.compile_flags.begin(), flavour->second.compile_flags.end());
  for (const auto& dir : config.cpu_include_dirs) argv.push_back("-I" + dir);
  const std::string harness = harness_input(argv, spec);
  add_common_includes(argv, spec);
  argv.insert(argv.end(), {"-o", exe, rewritten, harness, flavour->second.runner_library,
                           config.common_library, flavour->second.runtime_library});
  argv.insert(argv.end(), flavour->second.link_flags.begin(), flavour->second.link_flags.end());
  return run_compiler(argv, spec, exe, "the C++ compiler (CPU backend)");
#else
  (void)spec;
  return {false, "", "", "the kit was built without the CPU backend (Boost.Context was missing)"};
#endif
}

std::string demangle(const std::string& name) {
  int status = 0;
  char* text = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  if (status != 0 || !text) return name;
  std::string result = text;
  std::free(text);
  return result;
}

}  // namespace

const char* to_string(Backend backend) { return backend == Backend::cuda ? "cuda" : "cpu"; }

BuildOutcome build_runner(const BuildSpec& spec) {
  fs::create_directories(spec.output_dir);
  return spec.backend == Backend::cuda ? build_cuda(spec) : build_cpu(spec);
}

NvccCheck nvcc_check(const BuildSpec& spec) {
  NvccCheck check;
  const BuildConfig& config = build_config();
  if (config.nvcc.empty()) return check;
  fs::create_directories(spec.output_dir);
  check.ran = true;
  const std::string object = (fs::path(spec.output_dir) / "nvcc-check.o").string();
  std::vector<std::string> argv = {config.nvcc, "-std=c++17", "-c", "-arch=sm_90", "--resource-usage"};
  add_common_includes(argv, spec);
  argv.insert(argv.end(), {"-o", object, source_file_name(spec)});
  ProcessResult p = run_process(compiler_request(argv, spec));
  check.ok = p.ok();
  check.object = object;
  check.log = p.out + p.err;
  if (!check.ok && p.timed_out) check.log += "\nnvcc " + describe_ending(p, spec.timeout_s);
  check.kernels = parse_resource_usage(check.log);
  return check;
}

std::vector<KernelResources> parse_resource_usage(const std::string& text) {
  std::vector<KernelResources> kernels;
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex usage(R"(Used (\d+) registers(?:, used (\d+) barriers)?(?:, (\d+) bytes smem)?)");
  std::istringstream lines(text);
  std::string line;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (std::regex_search(line, m, entry)) {
      kernels.push_back({demangle(m[1]), 0, 0, 0});
    } else if (!kernels.empty() && std::regex_search(line, m, usage)) {
      kernels.back().registers = std::stoi(m[1]);
      if (m[2].matched) kernels.back().barriers = std::stoi(m[2]);
      if (m[3].matched) kernels.back().shared_bytes = std::stoi(m[3]);
    }
  }
  return kernels;
}

}  // namespace kit
