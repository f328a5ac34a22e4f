// A device's properties and the limits derived from them: what host code that sizes its launches must
// know. The answer is the device's own, so the reference is computed from what the grader knows of the
// device the test runs on (kit/device_limits.h), never from what the student's process reported.
//
// The size of a test is the launch the derived limits are asked for: blockSize x registersPerThread.
// Outputs: `values`, the named integers below; `occupancy`; `name`, the device's name, NUL-padded.
#include <algorithm>
#include <cstring>
#include <string>

#include "kit/problem.h"

namespace kit {
namespace {

// The order of the harness's `values` (assignments/device-query/harness.cpp), by the contract's names.
const char* const kValueNames[] = {"multiProcessorCount", "maxThreadsPerBlock", "maxThreadsPerMultiProcessor",
                                   "maxBlocksPerMultiProcessor", "sharedMemPerBlock", "regsPerBlock",
                                   "regsPerMultiprocessor", "warpSize", "maxResidentThreads", "blocksPerSM"};
constexpr long kValueCount = sizeof kValueNames / sizeof kValueNames[0];
constexpr std::size_t kFirstDerived = 8;  // maxResidentThreads
constexpr std::size_t kBlocksPerSM = 9;
constexpr long kNameBytes = 256;
// An occupancy in single precision, from whole numbers of warps: one rounding of a value below 1.
constexpr double kOccupancyErrorScale = 1e-7;

std::vector<ArraySpec> no_inputs(const Dims&) { return {}; }

std::vector<ArraySpec> report_outputs(const Dims&) {
  return {{"values", DType::i32, {kValueCount}}, {"occupancy", DType::f32, {1}}, {"name", DType::u8, {kNameBytes}}};
}

// The blocks of one launch one SM holds at once: limited by its threads (in whole warps), by its block
// slots and by its registers. A block the device cannot run at all (too many threads, or more registers
// than a block may have) gives 0. `registers` may be 0: no register limit.
long blocks_per_sm(const DeviceLimits& d, long block_size, long registers, bool count_registers = true) {
  if (block_size < 1 || block_size > d.max_threads_per_block) return 0;
  const long warps = (block_size + d.warp_size - 1) / d.warp_size;
  const long registers_per_launch_block = registers * warps * d.warp_size;
  if (count_registers && registers_per_launch_block > d.registers_per_block) return 0;
  long blocks = std::min<long>(d.max_blocks_per_multiprocessor, d.max_threads_per_multiprocessor / d.warp_size / warps);
  if (count_registers && registers > 0) blocks = std::min(blocks, d.registers_per_multiprocessor / registers_per_launch_block);
  return blocks;
}

double occupancy_of(const DeviceLimits& d, long block_size, long blocks) {
  const long warps = (block_size + d.warp_size - 1) / d.warp_size;
  return static_cast<double>(blocks * warps) / static_cast<double>(d.max_threads_per_multiprocessor / d.warp_size);
}

Expected device_reference(const DeviceLimits& d, const Dims& dims, const Arrays&) {
  const long blocks = blocks_per_sm(d, dims[0], dims[1]);
  Expected e;
  e.values = {{static_cast<double>(d.multiprocessor_count), static_cast<double>(d.max_threads_per_block),
               static_cast<double>(d.max_threads_per_multiprocessor), static_cast<double>(d.max_blocks_per_multiprocessor),
               static_cast<double>(d.shared_memory_per_block), static_cast<double>(d.registers_per_block),
               static_cast<double>(d.registers_per_multiprocessor), static_cast<double>(d.warp_size),
               static_cast<double>(d.multiprocessor_count) * d.max_threads_per_multiprocessor, static_cast<double>(blocks)},
              {occupancy_of(d, dims[0], blocks)},
              std::vector<double>(kNameBytes, 0.0)};
  for (std::size_t i = 0; i < d.name.size() && i + 1 < static_cast<std::size_t>(kNameBytes); ++i)
    e.values[2][i] = static_cast<unsigned char>(d.name[i]);
  e.error_scales = {std::vector<double>(kValueCount, 0.0), {kOccupancyErrorScale}, std::vector<double>(kNameBytes, 0.0)};
  return e;
}

Expected default_device_reference(const Dims& dims, const Knobs&, const Arrays& inputs) {
  return device_reference(virtual_device_limits(""), dims, inputs);
}

double default_device_element(const Dims& dims, const Knobs& knobs, const InputElements&, std::size_t output,
                              std::size_t index, double* error_scale) {
  const Expected e = default_device_reference(dims, knobs, {});
  *error_scale = e.error_scales[output][index];
  return e.values[output][index];
}

Work no_work(const Dims&) { return {}; }

// The device the expected values describe, read back from them.
DeviceLimits device_of(const std::vector<double>& v) {
  DeviceLimits d;
  d.multiprocessor_count = static_cast<int>(v[0]);
  d.max_threads_per_block = static_cast<int>(v[1]);
  d.max_threads_per_multiprocessor = static_cast<int>(v[2]);
  d.max_blocks_per_multiprocessor = static_cast<int>(v[3]);
  d.shared_memory_per_block = static_cast<long>(v[4]);
  d.registers_per_block = static_cast<int>(v[5]);
  d.registers_per_multiprocessor = static_cast<int>(v[6]);
  d.warp_size = static_cast<int>(v[7]);
  return d;
}

std::string whole(double v) { return std::to_string(static_cast<long long>(v)); }

// What a typical mistake would have reported for a derived value, when the report equals it.
std::string likely_mistake(std::size_t index, double got, const std::vector<double>& expected, const Dims& dims) {
  if (expected.size() < static_cast<std::size_t>(kValueCount)) return {};
  const DeviceLimits d = device_of(expected);
  if (index == kFirstDerived && got == static_cast<double>(d.multiprocessor_count) * d.max_threads_per_block)
    return " (multiProcessorCount x maxThreadsPerBlock: a block's limit, not an SM's; an SM holds "
           "maxThreadsPerMultiProcessor threads)";
  if (index == kBlocksPerSM && got == static_cast<double>(blocks_per_sm(d, dims[0], dims[1], false)))
    return " (the limits of threads and block slots only: the registers, " + whole(static_cast<double>(dims[1])) +
           " per thread, limit it further)";
  return {};
}

// "maxThreadsPerMultiProcessor: you reported 1024, the device has 2048", one phrase per wrong value.
std::string report_cause(const Failure& f) {
  if (f.expected == nullptr) return {};
  const std::vector<double>& expected = *f.expected;
  const std::string& output = f.got.spec.name;
  if (output == "name") {
    std::string got, want;
    for (std::size_t i = 0; i < f.got.spec.count() && f.got.value(i) != 0; ++i) got += static_cast<char>(f.got.value(i));
    for (std::size_t i = 0; i < expected.size() && expected[i] != 0; ++i) want += static_cast<char>(expected[i]);
    return "name: you reported \"" + got + "\", the device is \"" + want + "\"";
  }
  if (output == "occupancy")
    return "occupancy: you reported " + std::to_string(f.got.value(0)) + ", the grader computes " +
           std::to_string(expected[0]) + " for blocks of " + whole(static_cast<double>(f.dims[0])) + " threads with " +
           whole(static_cast<double>(f.dims[1])) + " registers each";
  std::string text;
  for (std::size_t i = 0; i < expected.size() && i < static_cast<std::size_t>(kValueCount); ++i) {
    const double got = f.got.value(i);
    if (got == expected[i]) continue;
    text += (text.empty() ? "" : "; ") + std::string(kValueNames[i]) + ": you reported " + whole(got) +
            (i < kFirstDerived ? ", the device has " : ", the grader computes ") + whole(expected[i]) +
            (i == kBlocksPerSM ? " for blocks of " + whole(static_cast<double>(f.dims[0])) + " threads with " +
                                     whole(static_cast<double>(f.dims[1])) + " registers each"
                               : "") +
            likely_mistake(i, got, expected, f.dims);
  }
  return text;
}

// Every value of the report beside the device's, so one wrong value is seen with its neighbours.
std::string explain_report(const Failure& f) {
  if (f.expected == nullptr || f.got.spec.name != "values") return {};
  std::string text = "your report and the device's:";
  for (std::size_t i = 0; i < f.expected->size() && i < static_cast<std::size_t>(kValueCount); ++i) {
    const double got = f.got.value(i), want = (*f.expected)[i];
    std::string name = kValueNames[i];
    name.resize(std::max<std::size_t>(name.size(), 28), ' ');
    text += "\n  " + name + " " + whole(got) + (got == want ? "" : "   (the device: " + whole(want) + ")");
  }
  return text;
}

}  // namespace

extern const Problem kit_problem_device_query = {
    "device_query",
    {"blockSize", "registersPerThread"},
    no_inputs,
    report_outputs,
    {{"none", {}}},
    default_device_reference,
    default_device_element,
    no_work,
    Metric::gflops,
    explain_report,
    nullptr,
    false,
    report_cause,
    device_reference,
    true,
};

}  // namespace kit
