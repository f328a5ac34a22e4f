#include "build/backend_choice.h"

#include <fstream>
#include <sstream>

#include "os/build_config.h"
#include "os/process.h"
#include "util/errors.h"

namespace kit {
namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

std::string probe_field(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind(key + ": ", 0) == 0) return trim(line.substr(key.size() + 2));
  return {};
}

// The GPU, as kit-gpu-probe sees it; empty name when there is none.
DeviceInfo probe_gpu(std::string* why_not) {
  DeviceInfo info;
  const BuildConfig& config = build_config();
  if (config.gpu_probe.empty()) {
    *why_not = "the kit was built without nvcc";
    return info;
  }
  ProcessResult p = run_process({{config.gpu_probe}, {}, "", 60, -1, 4096});
  if (!p.ok()) {
    *why_not = trim(p.out + p.err);
    if (why_not->empty()) *why_not = describe_ending(p, 60);
    return info;
  }
  info.name = probe_field(p.out, "name");
  info.compute_capability = probe_field(p.out, "compute_capability");
  // The driver version and clocks come from nvidia-smi when it is there; they are for the record only.
  ProcessResult smi = run_process({{"nvidia-smi", "--query-gpu=driver_version,clocks.max.sm,clocks.max.mem",
                                    "--format=csv,noheader,nounits"}, {}, "", 30, -1, 4096});
  if (smi.ok()) {
    std::istringstream row(smi.out);
    std::string driver, sm, mem;
    std::getline(row, driver, ',');
    std::getline(row, sm, ',');
    std::getline(row, mem, '\n');
    info.driver = trim(driver);
    try {
      info.max_sm_clock_mhz = std::stoi(sm);
      info.memory_clock_mhz = std::stoi(mem);
    } catch (...) {
    }
  }
  return info;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return trim(line.substr(line.find(':') + 2));
  return "unknown CPU";
}

DeviceInfo cpu_device() {
  DeviceInfo info;
  info.name = "CPU backend on " + cpu_model();
  return info;
}

}  // namespace

BackendChoice choose_backend(const std::string& requested) {
  const bool cpu_available = build_config().cpu_backend;
  if (requested == "cpu") {
    if (!cpu_available)
      throw UserError("the CPU backend was not built (Boost.Context was missing at configure time): install "
                      "libboost-context-dev and build again, or use --backend cuda on a machine with a GPU");
    return {Backend::cpu, "cpu: requested", cpu_device()};
  }
  if (requested != "auto" && requested != "cuda")
    throw UserError("--backend must be auto, cuda or cpu, not '" + requested + "'");
  std::string why_not;
  DeviceInfo gpu = probe_gpu(&why_not);
  if (!gpu.name.empty()) return {Backend::cuda, requested + ": found " + gpu.name, gpu};
  if (requested == "cuda")
    throw UserError("--backend cuda needs a usable GPU, and there is none: " + why_not +
                    ". Use --backend cpu to check correctness without a GPU, or --backend auto.");
  if (!cpu_available)
    throw UserError("no usable GPU (" + why_not + ") and no CPU backend (Boost.Context was missing at configure "
                    "time): install libboost-context-dev and build again");
  return {Backend::cpu, "auto: no usable GPU (" + why_not + "), so the CPU backend checks correctness", cpu_device()};
}

}  // namespace kit
