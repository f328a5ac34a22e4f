#include "build/harness_cache.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "build/build_cache.h"
#include "os/build_config.h"
#include "os/file_identity.h"
#include "os/process.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// "file <path> <sha256>" for every regular file under `dir`, in a stable order.
void add_files(std::string& key, const std::string& dir, bool recursive) {
  std::vector<std::string> paths;
  std::error_code ec;
  auto add = [&](const fs::directory_entry& entry) {
    if (entry.is_regular_file(ec)) paths.push_back(entry.path().string());
  };
  if (recursive) {
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) add(*it);
  } else {
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) add(*it);
  }
  std::sort(paths.begin(), paths.end());
  for (const std::string& path : paths) key += "\nfile " + path + " " + sha256_hex(read_text_file(path));
}

}  // namespace

std::string harness_cache_key(const std::vector<std::string>& compile_command, const BuildSpec& spec) {
  const BuildConfig& config = build_config();
  std::string key = "harness\ngrader " + grader_identity() + "\ncommand";
  for (const std::string& word : compile_command) key += " " + word;
  add_files(key, spec.assignment_dir, false);
  add_files(key, config.kit_dir + "/grader/include", true);
  for (const std::string& dir : config.cpu_include_dirs) add_files(key, dir, true);
  return key;
}

std::string cached_harness_object(const std::vector<std::string>& compile_command, const BuildSpec& spec) {
  const std::string& dir = spec.harness_cache;
  if (dir.empty()) return "";
  const fs::path object = fs::path(dir) / (sha256_hex(harness_cache_key(compile_command, spec)).substr(0, 32) + ".o");
  std::error_code ec;
  if (fs::is_regular_file(object, ec)) return object.string();
  fs::create_directories(dir, ec);
  // The kit's own code, compiled outside any sandbox and without the student's folder on the include
  // path; written under a name of its own, then renamed, so a grading beside this one never links half
  // an object.
  const std::string temporary = object.string() + "." + std::to_string(::getpid()) + ".tmp";
  ProcessRequest req;
  req.argv = compile_command;
  req.argv.insert(req.argv.end(), {"-c", spec.assignment_dir + "/harness.cpp", "-o", temporary});
  req.working_dir = spec.assignment_dir;
  req.timeout_s = spec.timeout_s;
  req.max_output_bytes = 1 << 20;
  const ProcessResult p = run_process(req);
  if (!p.ok() || !fs::is_regular_file(temporary, ec)) {
    fs::remove(temporary, ec);
    return "";
  }
  fs::rename(temporary, object, ec);
  if (ec) {
    fs::remove(temporary, ec);
    return fs::is_regular_file(object, ec) ? object.string() : "";
  }
  return object.string();
}

}  // namespace kit
