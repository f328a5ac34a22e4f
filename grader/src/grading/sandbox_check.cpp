#include "grading/sandbox_check.h"
#include "grading/grade.h"

#include <cstdlib>
#include <filesystem>
#include <sys/stat.h>

#include "assignment/kit_tree.h"
#include "build/prepared.h"
#include "os/remove_tree.h"
#include "os/sandbox.h"
#include "os/sandbox_preflight.h"
#include "run/step_sandbox.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// A folder of the check's own, as a grading's work folder is made, removed with it.
struct TrialFolder {
  std::string path;
  TrialFolder() {
    std::string pattern = (fs::temp_directory_path() / "kit-preflight-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder");
    path = pattern;
    ::chmod(path.c_str(), 0711);
  }
  ~TrialFolder() { remove_tree(path); }
};

}  // namespace

void check_sandbox_for(const Assignment& a, const std::string& work_dir) {
  if (!a.sandboxed) return;
  // The compile of a student's file binds the most a grading gives its sandbox: the kit's headers and
  // libraries, the assignment's folder, the prepared harness objects, the submission's copy (an empty
  // folder stands for it here: the grader writes the copy 0644, less the umask, which the check judges),
  // an output folder. The runs bind only folders the grading makes.
  const fs::path trial = fs::path(work_dir) / "sandbox-check";
  fs::create_directories(trial / "submission");
  fs::create_directories(trial / "output");
  ::chmod(trial.c_str(), 0711);
  ::chmod((trial / "submission").c_str(), 0755);
  BuildSpec spec;
  spec.assignment_dir = a.assignment_dir;
  spec.source = (trial / "submission" / a.rubric.student_files.front()).string();
  spec.output_dir = (trial / "output").string();
  const std::optional<SandboxSpec> box = compile_sandbox(a, spec);
  const std::string problem = box ? sandbox_preflight(*box) : "";
  std::error_code ignored;
  fs::remove_all(trial, ignored);
  if (!problem.empty()) throw UserError(problem);
}

void check_sandbox_for_batch(const Rubric& rubric, const std::string& backend, const std::string& prepared,
                             bool unsandboxed) {
  if (unsandboxed) return;
  const SandboxStatus status = probe_sandbox();
  if (!status.available) throw UserError(no_sandbox_message(status));
  Assignment a;
  a.rubric = rubric;
  a.assignment_dir = assignment_folder(rubric.assignment);
  a.backend = backend_named(backend).value_or(Backend::cpu);
  a.sandboxed = true;
  a.prepared = open_prepared_folder(prepared, rubric, a.backend);
  const TrialFolder work;
  check_sandbox_for(a, work.path);
}

}  // namespace kit
