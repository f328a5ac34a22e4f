// `grader asm`: the code the compiler made of the student's kernels (PTX and SASS, with the source lines
// between the instructions), what ptxas says each uses, and the occupancy a launch of it gets. Only nvcc
// is needed, no GPU: on a GPU host the occupancy is the GPU's, elsewhere a virtual device's of the CPU
// backend. Exit 0 when it compiled, 1 when it did not (nvcc's errors are printed), 2 for bad input or
// no nvcc.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <kitcpu/virtual_device.h>

#include "build/kernel_listing.h"
#include "build/occupancy.h"
#include "commands/commands.h"
#include "commands/own_machine_sandbox.h"
#include "commands/report_output.h"
#include "commands/submission_choice.h"
#include "grading/grade.h"
#include "run/session.h"
#include "run/step_sandbox.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

struct AsmOptions {
  std::string assignment;
  std::string submission;
  std::vector<std::string> only;  // empty: everything
  std::string kernel;
  std::string arch;
  std::string device;             // a virtual device's key; empty: the GPU, else the CPU backend's default
  int block = 0;                  // 0: a table over kTableBlockSizes
  long shared_bytes = 0;          // dynamic shared memory per block
  bool unsandboxed = false;
};

// The block sizes the occupancy table shows when --block is not given: whole warps, powers of two.
constexpr int kTableBlockSizes[] = {64, 128, 256, 512, 1024};

// The gate's nvcc check compiles for this architecture (build.cpp), so the resources shown are the ones
// the technique checks read.
constexpr const char* kKitArch = "sm_90";

std::string virtual_device_keys() {
  std::vector<std::string> keys;
  for (const kitcpu::VirtualDevice& d : kitcpu::kVirtualDevices) keys.push_back(d.key);
  return comma_list(keys);
}

// The device the occupancy is computed for, and a phrase that says which and why.
struct OccupancyDevice {
  DeviceLimits limits;
  std::string said;
  bool gpu = false;
};

OccupancyDevice occupancy_device(const std::string& key, bool on_gpu) {
  if (key.empty() && on_gpu) return {gpu_device_limits(), "this machine's GPU", true};
  const std::string chosen = key.empty() ? kitcpu::kDefaultVirtualDevice.key : key;
  try {
    return {virtual_device_limits(chosen),
            "virtual device " + chosen + (key.empty() ? " (no GPU here; --device picks another)" : ""), false};
  } catch (const std::invalid_argument&) {
    throw UserError("--device '" + key + "' is no virtual device; the devices are " + virtual_device_keys());
  }
}

std::string occupancy_count(int blocks) { return blocks >= kNoLimit ? "-" : std::to_string(blocks); }

std::string limits_text(const DeviceLimits& d) {
  return std::to_string(d.max_threads_per_multiprocessor) + " threads, " + std::to_string(d.max_blocks_per_multiprocessor) +
         " blocks, " + std::to_string(d.registers_per_multiprocessor) + " registers, " +
         byte_count_text(static_cast<std::uint64_t>(d.shared_memory_per_multiprocessor)) + " of shared memory";
}

// One row per block size: the blocks a multiprocessor holds by each limit alone, the least of them, and
// the warps that makes.
void print_occupancy(const KernelResources& kernel, const OccupancyDevice& device, const AsmOptions& o) {
  std::printf("occupancy on %s: %s; per multiprocessor %s; %s of dynamic shared memory per block\n", device.said.c_str(),
              device.limits.name.c_str(), limits_text(device.limits).c_str(),
              byte_count_text(static_cast<std::uint64_t>(o.shared_bytes)).c_str());
  std::printf("  %7s  %10s  %8s  %12s  %9s  %6s  %7s  %9s  %s\n", "threads", "by threads", "by slots", "by registers",
              "by shared", "blocks", "warps", "occupancy", "limited by");
  std::vector<int> sizes(std::begin(kTableBlockSizes), std::end(kTableBlockSizes));
  if (o.block > 0) sizes = {o.block};
  std::vector<std::string> cannot;
  for (int size : sizes) {
    const Occupancy r = theoretical_occupancy(device.limits, kernel, size, o.shared_bytes);
    if (!r.cannot_launch.empty()) {
      cannot.push_back(r.cannot_launch);
      continue;
    }
    const std::string warps = std::to_string(r.active_warps) + "/" + std::to_string(r.max_warps);
    std::printf("  %7d  %10s  %8s  %12s  %9s  %6d  %7s  %8.1f%%  %s\n", size, occupancy_count(r.blocks_by_threads).c_str(),
                occupancy_count(r.blocks_by_block_slots).c_str(), occupancy_count(r.blocks_by_registers).c_str(),
                occupancy_count(r.blocks_by_shared_memory).c_str(), r.blocks, warps.c_str(), r.percent,
                comma_list(r.limited_by).c_str());
  }
  for (const std::string& why : cannot) std::printf("  cannot launch %s\n", why.c_str());
}

bool wants(const AsmOptions& o, const char* part) {
  if (o.only.empty()) return true;
  for (const std::string& p : o.only)
    if (p == part) return true;
  return false;
}

int show_listing(const AsmOptions& o, Session& s, bool on_gpu) {
  const OccupancyDevice device = occupancy_device(o.device, on_gpu);
  std::string arch = o.arch;
  if (arch.empty())
    arch = device.gpu ? "sm_" + std::to_string(device.limits.compute_major) + std::to_string(device.limits.compute_minor)
                      : kKitArch;
  std::printf("nvcc -arch=%s (%s)\n", arch.c_str(),
              !o.arch.empty() ? "--arch" : device.gpu ? "this machine's GPU" : "the architecture the kit's checks compile for");
  BuildSpec spec;
  spec.assignment_dir = s.assignment.assignment_dir;
  spec.source = s.submission.source;
  spec.output_dir = s.worker.work_dir + "/asm";
  spec.timeout_s = s.assignment.rubric.limits.build_seconds;
  spec.sandbox = compile_sandbox(s.assignment, spec);
  const KernelListings listings = list_kernels(spec, {arch, wants(o, "sass")});
  const std::string file = std::filesystem::path(spec.source).filename().string();
  if (!listings.ok) {
    std::printf("nvcc could not compile %s:\n%s", file.c_str(), listings.log.c_str());
    return kExitTestsFailed;
  }
  std::vector<const KernelListing*> shown;
  std::vector<std::string> names;
  for (const KernelListing& k : listings.kernels) {
    names.push_back(k.name);
    if (o.kernel.empty() || kernel_is_named(k, o.kernel)) shown.push_back(&k);
  }
  if (listings.kernels.empty()) std::printf("%s has no kernel (__global__ function)\n", file.c_str());
  if (shown.empty() && !o.kernel.empty())
    throw UserError("--kernel '" + o.kernel + "' is none of the file's kernels: " + comma_list(names));
  for (const KernelListing* k : shown) {
    std::printf("\n== %s\n", k->name.c_str());
    if (wants(o, "resources"))
      std::printf("resources (ptxas, %s): %d registers per thread, %s of static shared memory, %d barrier%s\n",
                  arch.c_str(), k->resources.registers,
                  byte_count_text(static_cast<std::uint64_t>(k->resources.shared_bytes)).c_str(), k->resources.barriers,
                  k->resources.barriers == 1 ? "" : "s");
    if (wants(o, "occupancy")) print_occupancy(k->resources, device, o);
    if (wants(o, "ptx")) std::printf("-- PTX, with the source lines (//%s:LINE)\n%s", file.c_str(), k->ptx.c_str());
    if (wants(o, "sass")) {
      if (!k->sass.empty()) std::printf("-- SASS (%s)\n%s", listings.sass_by.c_str(), k->sass.c_str());
      else std::printf("-- SASS: not shown: %s\n", listings.no_sass.empty() ? "the disassembler did not list it" : listings.no_sass.c_str());
    }
  }
  return kExitOk;
}

}  // namespace

Command add_asm_command(CLI::App& app) {
  auto o = std::make_shared<AsmOptions>();
  CLI::App* command = app.add_subcommand("asm", "show the code the compiler made of your kernels (PTX and SASS beside "
                                                "your source lines), their registers and shared memory, and the "
                                                "occupancy a launch gets; needs nvcc, not a GPU");
  command->add_option("assignment", o->assignment, "the assignment, e.g. transpose")->required();
  command->add_option("--submission", o->submission, "your file, or the folder holding it (default: the assignment's file in this folder, else the starter)");
  command->add_option("--only", o->only, "show only these parts: ptx, sass, resources, occupancy (comma-separated)")
      ->delimiter(',')
      ->check(CLI::IsMember({"ptx", "sass", "resources", "occupancy"}));
  command->add_option("--kernel", o->kernel, "show one kernel, by its name, e.g. transposeNaive");
  command->add_option("--arch", o->arch, std::string("the architecture to compile for, e.g. sm_80 (default: the GPU's, else ") + kKitArch + ")")
      ->check(CLI::Validator([](std::string& v) { return std::regex_match(v, std::regex(R"(sm_\d{2,3}[af]?)")) ? "" : "not sm_XX: " + v; },
                             "sm_XX"));
  command->add_option("--device", o->device, "the occupancy of a virtual device of the CPU backend: " + virtual_device_keys() +
                                                  " (default: the GPU, else " + kitcpu::kDefaultVirtualDevice.key + ")");
  command->add_option("--block", o->block, "the threads per block of the launch (default: a table of 64 to 1024)")
      ->check(CLI::PositiveNumber);
  command->add_option("--shared-bytes", o->shared_bytes, "the launch's dynamic shared memory per block, in bytes (default 0)")
      ->check(CLI::NonNegativeNumber);
  command->add_flag("--unsandboxed", o->unsandboxed, kUnsandboxedHelp);
  return {command, [o] {
            AsmOptions options = *o;
            const SubmissionChoice chosen = choose_submission(options.assignment, options.submission, "compiling");
            std::printf("%s\n", chosen.said.c_str());
            if (const std::string why = unsandboxed_on_own_machine(options.unsandboxed); !why.empty())
              std::printf("sandbox: none: %s\n", why.c_str());
            int code = kExitOk;
            with_submission_session(options.assignment, chosen.path, "auto", options.unsandboxed,
                                    [&](Session& s, const std::string&) {
                                      code = show_listing(options, s, s.assignment.backend == Backend::cuda);
                                    });
            return code;
          }};
}

}  // namespace kit
