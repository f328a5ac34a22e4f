#include "class/gradescope_bundle.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "assignment/grading_seed.h"
#include "assignment/kit_tree.h"
#include "grading/grade.h"
#include "os/build_config.h"
#include "os/process.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// What building the kit needs; the committed datasets (regenerable) and the documentation stay out.
const char* const kKitSources[] = {"CMakeLists.txt", "cmake", "assignments", "grader", "starter", "solutions",
                                   "tests", "scripts/install-deps.sh"};
const char* const kCourseParts[] = {"assignments", "starter", "solutions"};

bool plain_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
}

void copy_into(const fs::path& from, const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::skip_symlinks);
}

struct Staging {
  fs::path dir;
  Staging() {
    std::string pattern = (fs::temp_directory_path() / "kit-bundle-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder");
    dir = pattern;
  }
  ~Staging() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

std::vector<std::string> listing(const fs::path& root) {
  std::vector<std::string> paths;
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (entry.is_regular_file()) paths.push_back(fs::relative(entry.path(), root).string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace

std::uint64_t bundle_seed(const Rubric& rubric, const std::optional<std::uint64_t>& given) {
  if (given) return *given;
  if (const auto course = course_grading_seed()) return *course;
  throw UserError("a Gradescope bundle needs the course's grading seed, which draws its hidden tests: give --seed N "
                  "(a number of your own, kept secret), or put it in the course tree's " + std::string(kGradingSeedFile) +
                  " file (docs/course-tree.md). Without one the hidden tests would be the rubric's public seed's (" +
                  std::to_string(rubric.seed) + "), which every student's copy of the kit shows; give the same seed to "
                  "the course's `grader batch` so that its hidden tests are those Gradescope graded");
}

std::string bundle_conf(const Rubric& rubric, bool unsandboxed, std::uint64_t seed) {
  std::ostringstream conf;
  if (!plain_name(rubric.assignment))
    throw UserError("the assignment name '" + rubric.assignment + "' cannot be bundled: use letters, digits, . _ -");
  conf << "# Written by `grader bundle gradescope`: what run_autograder grades.\n";
  conf << "assignment='" << rubric.assignment << "'\n";
  conf << "student_files=(";
  for (const std::string& file : rubric.student_files) {
    if (!plain_name(file))
      throw UserError("the student file name '" + file + "' cannot be bundled: use letters, digits, . _ -");
    conf << "'" << file << "'" << (&file == &rubric.student_files.back() ? "" : " ");
  }
  conf << ")\n";
  conf << "unsandboxed=" << (unsandboxed ? 1 : 0) << "\n";
  conf << "seed=" << seed << "\n";  // the grading seed of the hidden tests: this file is not the students' to see
  return conf.str();
}

std::vector<std::string> write_gradescope_bundle(const BundleOptions& o) {
  const Rubric rubric = load_assignment_rubric(o.assignment);
  const std::uint64_t seed = bundle_seed(rubric, o.seed);
  const fs::path kit = build_config().kit_dir;
  if (!fs::exists(kit / "CMakeLists.txt") || !fs::exists(kit / "scripts/gradescope/run_autograder"))
    throw UserError("the kit at " + kit.string() + " is an installed one, without the sources a bundle carries: run " +
                    "`grader bundle` with the grader built in the kit's source tree (build/bin/grader)");
  if (o.out.size() < 5 || o.out.substr(o.out.size() - 4) != ".zip")
    throw UserError("--out " + o.out + ": name the file to write, ending in .zip");
  const fs::path out = fs::absolute(o.out);
  if (!fs::is_directory(out.parent_path()))
    throw UserError("--out " + o.out + ": the folder " + out.parent_path().string() + " does not exist");

  Staging staging;
  for (const char* script : {"setup.sh", "run_autograder"})
    fs::copy_file(kit / "scripts/gradescope" / script, staging.dir / script);
  std::ofstream(staging.dir / "bundle.conf") << bundle_conf(rubric, o.unsandboxed, seed);
  for (const char* part : kKitSources) copy_into(kit / part, staging.dir / "kit" / part);
  if (const auto course = course_tree())
    for (const char* part : kCourseParts)
      if (fs::exists(fs::path(*course) / part)) copy_into(fs::path(*course) / part, staging.dir / "course" / part);

  // zip adds to an existing archive: it writes a new one beside the target, renamed over it when whole.
  const fs::path partial = out.string() + ".partial.zip";
  std::error_code ignored;
  fs::remove(partial, ignored);
  ProcessRequest zip;
  zip.argv = {"zip", "-q", "-r", "-X", partial.string(), "."};
  zip.working_dir = staging.dir.string();
  zip.timeout_s = 300;
  const ProcessResult zipped = run_process(zip);
  if (!zipped.start_error.empty() || zipped.exit_code == 127)  // 127: not found on PATH
    throw UserError("cannot run `zip`: install it (Debian/Ubuntu package zip; scripts/install-deps.sh installs it)");
  if (!zipped.ok()) {
    fs::remove(partial, ignored);
    throw UserError("zip failed writing " + out.string() + " (" + describe_ending(zipped, zip.timeout_s) + "): " +
                    zipped.err);
  }
  fs::rename(partial, out);
  return listing(staging.dir);
}

}  // namespace kit
