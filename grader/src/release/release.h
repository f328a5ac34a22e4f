// `grader release`: a student repository for some assignments. It holds their starters, handouts,
// visible datasets and everything `grader check` needs to build and run; never a solution, a hidden test,
// a reference kernel, or another assignment. docs/release.md says what goes in and what stays out.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace kit {

struct ReleaseOptions {
  std::vector<std::string> assignments;
  std::string out_dir;
  bool force = false;  // replace what a non-empty out_dir holds, except its .git
};

struct ReleaseSummary {
  std::string folder;
  int files = 0;
  std::vector<std::string> left_out;  // what the instructor should know is not there
};

// Which kit files a student tree may hold, by path relative to the kit's top folder.
struct ReleaseSelection {
  std::vector<std::string> assignments;
  std::set<std::string> baseline_files;  // performance baselines: correct kernels, so never released
};

// The folders and files a release copies from (each filtered by release_allows).
std::vector<std::string> release_roots(const ReleaseSelection& selection);

// False for everything that leaks an answer or is not the students' business: solutions/, tests/ (the
// broken kernels are near-solutions), docs/results/, unit tests and the CPU backend's own test kernels
// (grader/cpu/{tests,bench}), baselines, the original rubrics, other assignments' folders, and the
// problems' sources (assignments/problems/: the tree gets them compiled).
bool release_allows(const std::string& relative_path, const ReleaseSelection& selection);

// The relative link targets of a Markdown text, without anchors; web and mail links are skipped.
std::vector<std::string> markdown_links(const std::string& markdown);

// Files under `tree` that give an answer away: identical to a file of the kit's solutions/, to a
// baseline or to a problem's source, or holding a solution-region marker line. Paths relative to `tree`.
std::vector<std::string> find_leaks(const std::string& kit_root, const std::string& tree,
                                    const std::set<std::string>& baseline_files);

// Throws UserError for bad input: no or unknown assignment, an out_dir inside the kit (or holding it),
// a non-empty out_dir without force, a file of the tree that would leak an answer.
ReleaseSummary write_release(const ReleaseOptions& options);

}  // namespace kit
