#include "build/build.h"

#include <cxxabi.h>
#include <filesystem>
#include <regex>
#include <sstream>

#include "build/build_steps.h"
#include "build/harness_cache.h"
#include "os/build_config.h"
#include "os/process.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {

// Names only: what each backend and flavour does is theirs (src/backends/, grader/cpu/CMakeLists.txt).
const char* to_string(Backend backend) {
  static const char* const names[] = {"cuda", "cpu"};  // in the order of the enum
  return names[static_cast<int>(backend)];
}

std::optional<Backend> backend_named(const std::string& name) {
  for (Backend b : {Backend::cuda, Backend::cpu})
    if (name == to_string(b)) return b;
  return std::nullopt;
}

const char* to_string(Flavour flavour) {
  static const char* const names[] = {"fast", "asan", "tsan", "access"};  // in the order of the enum
  return names[static_cast<int>(flavour)];
}

namespace fs = std::filesystem;

namespace {

std::string command_line(const std::vector<std::string>& argv) {
  std::string text;
  for (const auto& a : argv) text += (text.empty() ? "" : " ") + a;
  return text;
}

}  // namespace

void add_common_includes(std::vector<std::string>& argv, const BuildSpec& spec, bool student_folder) {
  const BuildConfig& config = build_config();
  argv.push_back("-I" + spec.assignment_dir);
  if (student_folder) argv.push_back("-I" + fs::path(spec.source).parent_path().string());
  argv.push_back("-I" + config.kit_dir + "/grader/include");
  for (const Knob& k : spec.defines) argv.push_back("-D" + k.name + "=" + std::to_string(k.value));
}

std::string harness_input(std::vector<std::string> compiler_and_flags, const BuildSpec& spec) {
  add_common_includes(compiler_and_flags, spec, false);
  const std::string object = cached_harness_object(compiler_and_flags, spec);
  return object.empty() ? spec.assignment_dir + "/harness.cpp" : object;
}

namespace {

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

// A compile whose sandbox could not be made (os/process.h, sandbox_failed) says nothing of the file: every
// build of this grading would fail alike, so the grading stops there, as a setup the user must fix.
void stop_without_a_sandbox(const ProcessResult& p) {
  if (p.sandbox_failed)
    throw UserError("cannot grade: a compile's sandbox could not be made (" + p.start_error +
                    "); this is the grading machine's setup, not the submission: docs/sandbox.md says what the sandbox "
                    "needs");
}

}  // namespace

std::string source_file_name(const BuildSpec& spec) { return fs::path(spec.source).filename().string(); }

BuildOutcome run_compiler(const std::vector<std::string>& argv, const BuildSpec& spec, const std::string& exe,
                          const std::string& what) {
  BuildOutcome outcome;
  ProcessResult p = run_process(compiler_request(argv, spec));
  stop_without_a_sandbox(p);
  outcome.seconds = p.seconds;
  outcome.log = "$ " + command_line(argv) + "\n" + p.out + p.err;
  outcome.ok = p.ok() && fs::exists(exe);
  outcome.executable = exe;
  if (!outcome.ok) outcome.summary = what + " failed (" + describe_ending(p, spec.timeout_s) + ")";
  return outcome;
}

namespace {

std::string demangle(const std::string& name) {
  int status = 0;
  char* text = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  if (status != 0 || !text) return name;
  std::string result = text;
  std::free(text);
  return result;
}

}  // namespace

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
  stop_without_a_sandbox(p);
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
