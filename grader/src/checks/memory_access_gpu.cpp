// The GPU's memory-access count: the student's runner under Nsight Compute (ncu, shipped with the CUDA
// toolkit), which reads the hardware counters of every kernel the function launches. ncu reports per
// kernel, not per line.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "checks/memory_access.h"
#include "os/build_config.h"
#include "os/timing_lock.h"
#include "run/run_files.h"
#include "run/runner_call.h"
#include "run/step_sandbox.h"
#include "util/text.h"

namespace kit {
namespace {

constexpr std::size_t kMaxLog = std::size_t{16} << 20;  // Nsight Compute's CSV for a few kernels is kilobytes

namespace fs = std::filesystem;

// Sectors and requests of global loads and stores; bank conflicts and executed instructions (one per
// warp-wide request) of shared loads and stores.
const char* const kMetrics[] = {
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",     "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "smsp__sass_inst_executed_op_shared_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "smsp__sass_inst_executed_op_shared_st.sum",
};

std::string ncu_path() {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty()) return {};
  const fs::path tool = fs::path(nvcc).parent_path() / "ncu";
  return fs::exists(tool) ? tool.string() : std::string();
}

// One CSV line, with quoted fields that may hold commas.
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) fields.emplace_back();
    else fields.back() += c;
  }
  return fields;
}

double ncu_number(std::string text) {
  std::string digits;
  for (char c : text)
    if (c != ',') digits += c;
  try {
    return std::stod(digits);
  } catch (...) {
    return 0;
  }
}

// The hardware counters serve one profiler at a time: a second Nsight Compute on the same GPU fails
// (exit code 9, nothing said). Gradings of one user on one machine take turns through this lock, in a
// batch or not; in a batch the profiled run also holds the GPU alone (os/timing_lock.h), so no timing
// overlaps it. A lock that cannot be opened leaves the turns to the retries.
std::optional<TimingLock> profiler_turn() {
  const fs::path path = fs::temp_directory_path() / ("kit-nsight-compute-" + std::to_string(::getuid()) + ".lock");
  try {
    return TimingLock(path.string(), TimingLock::Use::timing);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

constexpr int kProfilerAttempts = 3;

// Runs the function under Nsight Compute, writing its CSV to `log`. When the profiled run fails, the
// function runs once more without the profiler: if it fails there too the fault is the student's (a
// crash or hang the check reports as failed); if it runs cleanly, the profiler failed, and it is tried
// again, up to kProfilerAttempts times, before the profile is the machine's error. True when profiled.
bool profile_until_it_runs(Session& s, const std::string& ncu, const std::string& exe, const Function& function,
                           const Dims& dims, const std::string& dir, const std::string& log, AccessProfile& p) {
  std::string metrics;
  for (const char* m : kMetrics) metrics += (metrics.empty() ? "" : ",") + std::string(m);
  const double timeout = 10 * s.assignment.rubric.limits.test_seconds;
  const std::uint64_t seed = s.assignment.rubric.seed;
  for (int attempt = 1;; ++attempt) {
    ProcessResult r;
    {
      const std::optional<TimingLock> turn = profiler_turn();
      r = run_function_once(
          s, exe, function, dims, seed, dir,
          [&](ProcessRequest& req) {
            req.argv.insert(req.argv.begin(), {ncu, "--csv", "--log-file", log, "--metrics", metrics});
            req.env = {{"HOME", dir}};  // Nsight Compute keeps its settings under HOME
            req.timeout_s = timeout;
            req.sandbox = run_sandbox(s.assignment, exe, dir, false, RunTool::nsight_compute);
          },
          TimingLock::Use::timing);
    }
    if (r.ok()) return true;
    const std::string why = "Nsight Compute could not run " + function.name + " at " + format_dims(dims) + " (" +
                            describe_ending(r, timeout) + "): " + last_lines(r.out + r.err, 5);
    const ProcessResult plain = run_function_once(s, exe, function, dims, seed, dir, [&](ProcessRequest& req) {
      req.sandbox = run_sandbox(s.assignment, exe, dir, false, RunTool::none);
    });
    if (!plain.ok()) {
      p.error = why;
      p.failure = ProfileFailure::function;
      return false;
    }
    if (attempt == kProfilerAttempts) {
      p.error = why + " (" + std::to_string(kProfilerAttempts) + " tries; " + function.name +
                " runs cleanly without the profiler, so the machine failed, not your code: grade it again)";
      p.failure = ProfileFailure::tool;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::seconds(attempt));  // a profiler of another grading may be ending
  }
}

}  // namespace

AccessProfile gpu_access_profile(Session& s, const Function& function, const Dims& dims) {
  AccessProfile p;
  p.measured_by = "Nsight Compute's counters on the GPU (per kernel)";
  const std::string ncu = ncu_path();
  if (ncu.empty()) {
    p.error = "Nsight Compute (ncu) is not installed beside nvcc";
    p.failure = ProfileFailure::tool_missing;
    return p;
  }
  const BuildOutcome& build = student_runner(s, Flavour::fast, {});
  const fs::path dir = new_scratch_folder(s.worker, "ncu");
  const std::string log = (dir / "ncu.csv").string();
  if (!profile_until_it_runs(s, ncu, build.executable, function, dims, dir.string(), log, p)) return p;
  // kernel -> metric -> value, summed over the kernel's launches.
  std::map<std::string, std::map<std::string, double>> values;
  std::string tampered;
  const std::string taken = take_run_file(s.worker, log, kMaxLog, &tampered);
  if (!tampered.empty()) {
    p.error = "the program tampered with the grader's files: " + tampered;
    return p;
  }
  std::istringstream lines(taken.empty() ? std::string() : read_text_file(taken));
  std::string line;
  int kernel_col = -1, name_col = -1, value_col = -1;
  while (std::getline(lines, line)) {
    const std::vector<std::string> f = csv_fields(line);
    if (kernel_col < 0) {
      for (int i = 0; i < static_cast<int>(f.size()); ++i) {
        if (f[i] == "Kernel Name") kernel_col = i;
        if (f[i] == "Metric Name") name_col = i;
        if (f[i] == "Metric Value") value_col = i;
      }
      if (name_col < 0 || value_col < 0) kernel_col = -1;
      continue;
    }
    if (static_cast<int>(f.size()) <= std::max({kernel_col, name_col, value_col})) continue;
    values[f[kernel_col]][f[name_col]] += ncu_number(f[value_col]);
  }
  if (values.empty()) {
    p.error = "Nsight Compute reported no kernel: does " + function.name + " launch one?";
    return p;
  }
  for (const auto& [kernel, m] : values) {
    auto get = [&](const char* name) {
      auto it = m.find(name);
      return it == m.end() ? 0.0 : it->second;
    };
    for (const char* kind : {"ld", "st"}) {
      const std::string k = kind;
      const std::string word = k == "ld" ? "load" : "store";
      const double requests = get(("l1tex__t_requests_pipe_lsu_mem_global_op_" + k + ".sum").c_str());
      const double sectors = get(("l1tex__t_sectors_pipe_lsu_mem_global_op_" + k + ".sum").c_str());
      if (requests > 0)
        p.accesses.push_back({kernel, "global", word, requests, sectors, 0,
                              word + "s of " + kernel + ": " + fixed_decimals(sectors / requests, 1) +
                                  " sectors per request, 4 is ideal for 32 floats"});
      const double shared_requests = get(("smsp__sass_inst_executed_op_shared_" + k + ".sum").c_str());
      const double conflicts = get(("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + k + ".sum").c_str());
      if (shared_requests > 0)
        p.accesses.push_back({kernel, "shared", word, shared_requests, 0, conflicts,
                              "shared-memory " + word + "s of " + kernel + ": " + fixed_decimals(conflicts / shared_requests, 1) +
                                  " bank conflicts per request (" + fixed_decimals(conflicts, 1) + " in all)"});
    }
  }
  return p;
}

}  // namespace kit
