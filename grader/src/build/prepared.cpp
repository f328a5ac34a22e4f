#include "build/prepared.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "util/errors.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr const char* kManifestFormat = "cuda-memory-kit/prepared/v1";

PreparedFolder paths_in(const std::string& dir) {
  const fs::path d(dir);
  return {dir, (d / "references").string(), (d / "builds").string(), (d / "harness").string(),
          (d / "timing.lock").string()};
}

nlohmann::json manifest_of(const Rubric& rubric, Backend backend) {
  return {{"format", kManifestFormat},
          {"assignment", rubric.assignment},
          {"rubric_sha256", rubric_sha256(rubric)},
          {"backend", to_string(backend)}};
}

}  // namespace

std::string rubric_sha256(const Rubric& rubric) {
  std::string bytes = read_text_file(rubric.path);
  if (!rubric.questions.path.empty()) bytes += "\n--- questions\n" + read_text_file(rubric.questions.path);
  return sha256_hex(bytes);
}

PreparedFolder prepare_folder(const std::string& dir, const Rubric& rubric, Backend backend) {
  const PreparedFolder p = paths_in(dir);
  std::error_code ec;
  for (const std::string& folder : {p.references, p.builds, p.harness}) fs::create_directories(folder, ec);
  std::ofstream(p.timing_lock, std::ios::app);
  // Written whole, then renamed: gradings preparing the same folder side by side never read half of it.
  const fs::path manifest = fs::path(dir) / kPreparedManifest;
  const fs::path part = manifest.string() + ".part-" + std::to_string(::getpid());
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out << manifest_of(rubric, backend).dump(2) << "\n";
    if (!out.flush()) throw UserError("cannot prepare " + dir + ": its manifest cannot be written");
  }
  fs::rename(part, manifest, ec);
  if (ec || !fs::is_directory(p.references) || !fs::is_regular_file(p.timing_lock))
    throw UserError("cannot prepare " + dir + ": check that the folder is writable");
  return p;
}

PreparedFolder open_prepared_folder(const std::string& dir, const Rubric& rubric, Backend backend) {
  if (dir.empty()) return {};
  const fs::path manifest = fs::path(dir) / kPreparedManifest;
  std::ifstream in(manifest, std::ios::binary);
  const nlohmann::json found = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
  // A field as text; "" when it is missing or not text (a damaged manifest is refused, never trusted).
  auto text = [&found](const char* key) {
    const auto it = found.is_object() ? found.find(key) : found.end();
    return it != found.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (!in || found.is_discarded() || text("format") != kManifestFormat)
    throw UserError("--prepared " + dir + " is not a prepared folder: " + manifest.string() +
                    " is missing or unreadable (a batch prepares the folder it hands its gradings)");
  const nlohmann::json wanted = manifest_of(rubric, backend);
  for (const char* key : {"assignment", "backend", "rubric_sha256"})
    if (text(key) != wanted[key].get<std::string>())
      throw UserError("--prepared " + dir + " was prepared for " + key + " '" + text(key) + "', not '" +
                      wanted[key].get<std::string>() + "': hand the grading a folder prepared for it");
  // Its folders are bound into sandboxes, which take absolute paths only: a relative --prepared is
  // taken from the folder the grader was started in.
  return paths_in(fs::absolute(dir).lexically_normal().string());
}

}  // namespace kit
