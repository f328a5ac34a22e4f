#include "build/build_cache.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "os/build_config.h"
#include "os/file_identity.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

void add_file(std::string& key, const std::string& path) {
  key += "\nfile " + path + " " + sha256_hex(read_text_file(path));
}

}  // namespace

std::string build_cache_key(const BuildSpec& spec) {
  const BuildConfig& config = build_config();
  std::string key = "grader " + grader_identity();
  key += "\nbackend " + std::string(to_string(spec.backend)) + " flavour " + to_string(spec.flavour);
  for (const Knob& k : spec.defines) key += "\n-D" + k.name + "=" + std::to_string(k.value);
  // What the runner links besides the two sources: a rebuilt kit changes these without changing the grader.
  for (const std::string& library : {config.cuda_runner_library, config.common_library, config.cuda_driver_library})
    key += "\nlibrary " + file_identity(library);
  for (const auto& [name, flavour] : config.cpu_flavours)
    key += "\nlibrary " + file_identity(flavour.runner_library) + " " + file_identity(flavour.runtime_library);
  add_file(key, spec.source);
  std::vector<std::string> folder;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(spec.assignment_dir, ec))
    if (entry.is_regular_file()) folder.push_back(entry.path().string());
  std::sort(folder.begin(), folder.end());
  for (const std::string& path : folder) add_file(key, path);
  return key;
}

BuildOutcome cached_build(const std::string& dir, const std::string& key, const BuildSpec& spec,
                          const std::function<BuildOutcome(const BuildSpec&)>& build) {
  const fs::path entry = fs::path(dir) / (sha256_hex(key).substr(0, 32) + ".runner");
  const fs::path exe = fs::path(spec.output_dir) / "runner";
  std::error_code ec;
  fs::create_directories(spec.output_dir, ec);
  if (fs::is_regular_file(entry, ec) && fs::copy_file(entry, exe, fs::copy_options::overwrite_existing, ec)) {
    BuildOutcome reused;
    reused.ok = true;
    reused.executable = exe.string();
    reused.log = "(built by an earlier grading of this batch: " + entry.string() + ")";
    return reused;
  }
  BuildOutcome built = build(spec);
  if (!built.ok) return built;
  fs::create_directories(dir, ec);
  const fs::path temporary = entry.string() + "." + std::to_string(::getpid()) + ".tmp";
  if (fs::copy_file(built.executable, temporary, fs::copy_options::overwrite_existing, ec)) {
    fs::rename(temporary, entry, ec);
    if (ec) fs::remove(temporary, ec);
  }
  return built;
}

}  // namespace kit
