#include "assignment/kit_tree.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "os/build_config.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

struct CourseTree {
  bool chosen = false;  // by use_course_tree, or KIT_ROOT once read
  std::optional<std::string> dir;
};

CourseTree& current() {
  static CourseTree tree;
  return tree;
}

std::string checked_course_tree(const std::string& dir, const std::string& what) {
  std::error_code error;
  if (dir.empty() || !fs::is_directory(dir, error))
    throw UserError(what + " '" + dir + "' is not a folder: give the folder of your course's tree (laid out like the " +
                    "kit: assignments/<assignment>/rubric.yaml, starter/, solutions/; see docs/course-tree.md)");
  if (!fs::is_directory(fs::path(dir) / "assignments", error))
    throw UserError(what + " '" + dir + "' has no assignments/ folder: a course tree holds " +
                    "assignments/<assignment>/rubric.yaml (see docs/course-tree.md)");
  return fs::absolute(dir).lexically_normal().string();
}

}  // namespace

void use_course_tree(const std::string& dir) {
  current().dir = checked_course_tree(dir, "--kit");
  current().chosen = true;
}

std::optional<std::string> course_tree() {
  CourseTree& tree = current();
  if (!tree.chosen) {
    const char* root = std::getenv("KIT_ROOT");
    if (root && *root) tree.dir = checked_course_tree(root, "KIT_ROOT");
    tree.chosen = true;
  }
  return tree.dir;
}

std::vector<std::string> kit_trees() {
  std::vector<std::string> trees;
  if (const auto course = course_tree()) trees.push_back(*course);
  trees.push_back(build_config().kit_dir);
  return trees;
}

std::string find_in_trees(const std::vector<std::string>& trees, const std::string& relative) {
  std::error_code error;
  for (const std::string& tree : trees)
    if (fs::exists(fs::path(tree) / relative, error)) return (fs::path(tree) / relative).string();
  return trees.empty() ? relative : (fs::path(trees.front()) / relative).string();
}

std::string kit_file(const std::string& relative) { return find_in_trees(kit_trees(), relative); }

std::string assignment_folder(const std::string& name) {
  const std::string rubric = kit_file("assignments/" + name + "/rubric.yaml");
  return fs::path(rubric).parent_path().string();
}

std::vector<std::string> assignment_names(const std::vector<std::string>& trees) {
  std::set<std::string> names;
  std::error_code error;
  for (const std::string& tree : trees) {
    const fs::path dir = fs::path(tree) / "assignments";
    if (!fs::is_directory(dir, error)) continue;
    for (const auto& entry : fs::directory_iterator(dir, error))
      if (fs::exists(entry.path() / "rubric.yaml", error)) names.insert(entry.path().filename().string());
  }
  return {names.begin(), names.end()};
}

}  // namespace kit
