// Measures what the sandbox costs a step: the median wall time of a command run N times through
// run_process without and with the sandbox (docs/sandbox.md quotes it). The current folder is bound
// read-write at its own path, so a compile of a file in it works as is; run it in a scratch folder, since
// a root grader hands that folder to the sandbox user.
//   kit-sandbox-cost [--runs N] [--gpu] -- command [args...]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "os/process.h"
#include "os/sandbox.h"

namespace {

struct Timing {
  double median_ms = 0, min_ms = 0, max_ms = 0;
  std::string failure;
};

Timing measure(kit::ProcessRequest request, int runs) {
  std::vector<double> ms;
  Timing timing;
  for (int k = 0; k < runs; ++k) {
    const kit::ProcessResult result = kit::run_process(request);
    if (!result.ok()) {
      timing.failure = kit::describe_ending(result, request.timeout_s) + "\n" + result.err;
      return timing;
    }
    ms.push_back(result.seconds * 1000);
  }
  std::sort(ms.begin(), ms.end());
  timing.median_ms = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
  timing.min_ms = ms.front();
  timing.max_ms = ms.back();
  return timing;
}

void print(const char* label, const Timing& t) {
  if (!t.failure.empty()) {
    std::printf("%-12s failed: %s\n", label, t.failure.c_str());
  } else {
    std::printf("%-12s median %8.1f ms   min %8.1f   max %8.1f\n", label, t.median_ms, t.min_ms, t.max_ms);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 20;
  bool gpu = false;
  int k = 1;
  for (; k < argc && std::string(argv[k]) != "--"; ++k) {
    const std::string arg = argv[k];
    if (arg == "--runs" && k + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++k]));
    } else if (arg == "--gpu") {
      gpu = true;
    } else {
      std::fprintf(stderr, "usage: kit-sandbox-cost [--runs N] [--gpu] -- command [args...]\n");
      return 2;
    }
  }
  if (k + 1 >= argc) {
    std::fprintf(stderr, "usage: kit-sandbox-cost [--runs N] [--gpu] -- command [args...]\n");
    return 2;
  }
  const kit::SandboxStatus status = kit::probe_sandbox();
  if (!status.available) {
    std::fprintf(stderr, "%s\n", kit::no_sandbox_message(status).c_str());
    return 2;
  }
  kit::ProcessRequest request;
  request.argv.assign(argv + k + 1, argv + argc);
  request.working_dir = std::filesystem::current_path().string();
  request.env = {{"HOME", "/tmp"}};
  request.timeout_s = 300;
  std::printf("%d runs of:", runs);
  for (const auto& word : request.argv) std::printf(" %s", word.c_str());
  std::printf("\n");
  print("unsandboxed", measure(request, runs));
  request.sandbox = kit::SandboxSpec{};
  request.sandbox->gpu = gpu;
  request.sandbox->binds = {{request.working_dir, "", true}};
  for (const auto& bind : kit::program_binds(request.argv[0])) request.sandbox->binds.push_back(bind);
  print("sandboxed", measure(request, runs));
  return 0;
}
