#include "assignment/kit_tree.h"
#include "release/release.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "assignment/rubric.h"
#include "grading/grade.h"
#include "os/build_config.h"
#include "release/release_rubric.h"
#include "release/release_texts.h"
#include "util/errors.h"
#include "util/sha256.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;


bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// `path` is `folder` or lies under it.
bool under(const std::string& path, const std::string& folder) {
  return path == folder || starts_with(path, folder + "/");
}

bool is_listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// A line that opens or closes a solution region (grader/src/release/starter.h).
bool is_marker_line(const std::string& line) {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return false;
  const std::string text = line.substr(start);
  return starts_with(text, "// BEGIN SOLUTION") || starts_with(text, "// END SOLUTION");
}

// A written question's right answer (assignment/questions.h): `answer:`, alone or as a list item's first key.
bool is_answer_line(const std::string& line) {
  std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return false;
  if (line.compare(start, 2, "- ") == 0) start = line.find_first_not_of(" \t", start + 2);
  return start != std::string::npos && line.compare(start, 7, "answer:") == 0;
}

fs::path resolved(const fs::path& path) { return fs::weakly_canonical(fs::absolute(path)); }

bool lies_in(const fs::path& path, const fs::path& folder) {
  const std::string p = path.generic_string(), f = folder.generic_string();
  return p == f || starts_with(p, f == "/" ? f : f + "/");
}

void check_out_dir(const fs::path& out, const fs::path& root, bool force) {
  if (lies_in(out, root))
    throw UserError("--out " + out.string() + " is inside the kit (" + root.string() +
                    "): a student tree must be a folder of its own; choose one outside the kit");
  if (lies_in(root, out))
    throw UserError("--out " + out.string() + " holds the kit (" + root.string() + "); choose a folder outside it");
  if (!fs::exists(out)) return;
  if (!fs::is_directory(out)) throw UserError("--out " + out.string() + " exists and is not a folder");
  const bool empty = fs::directory_iterator(out) == fs::directory_iterator();
  if (!empty && !force)
    throw UserError("--out " + out.string() + " is not empty: choose a new folder, or give --force to replace "
                    "what it holds (a .git folder is kept, so a clone of the template repository can be refreshed)");
}

// Empties `out` for --force, keeping its .git.
void clear_out_dir(const fs::path& out) {
  if (!fs::exists(out)) return;
  for (const auto& entry : fs::directory_iterator(out))
    if (entry.path().filename() != ".git") fs::remove_all(entry.path());
}

void copy_into_tree(const fs::path& from, const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::copy_file(from, to, fs::copy_options::overwrite_existing);
}

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw UserError("cannot write " + path.string() + ": check the folder's permissions and free space");
}

// Copies what release_allows from the roots; returns the copied paths (relative), in order.
std::vector<std::string> copy_roots(const fs::path& root, const fs::path& out, const ReleaseSelection& selection) {
  std::vector<std::string> copied;
  auto consider = [&](const fs::path& file) {
    const std::string relative = file.lexically_relative(root).generic_string();
    if (!fs::is_regular_file(fs::symlink_status(file)) || !release_allows(relative, selection)) return;
    copy_into_tree(file, out / relative);
    copied.push_back(relative);
  };
  for (const std::string& r : release_roots(selection)) {
    const fs::path path = root / r;
    if (fs::is_directory(fs::symlink_status(path))) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::recursive_directory_iterator(path)) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const fs::path& f : files) consider(f);
    } else if (fs::exists(path)) {
      consider(path);
    }
  }
  return copied;
}

// The kit's problems library, compiled and stripped, with the target it was compiled for: what the tree's
// grader links instead of the problems' sources (assignments/CMakeLists.txt). Returns the copied paths.
std::vector<std::string> copy_compiled_problems(const fs::path& out) {
  const std::string& dir = build_config().compiled_problems_dir;
  std::vector<std::string> copied;
  for (const char* name : {"libkit_problems.a", "target.cmake"}) {
    const fs::path from = fs::path(dir) / name;
    if (dir.empty() || !fs::is_regular_file(from))
      throw UserError("a student tree holds the problems compiled, not their sources, and this grader has no "
                      "compiled copy" + (dir.empty() ? std::string() : " (" + from.string() + ")") +
                      ": build the whole kit (`cmake --build build`, with binutils' strip installed) and "
                      "release from its build tree");
    const std::string relative = std::string("assignments/problems-compiled/") + name;
    copy_into_tree(from, out / relative);
    copied.push_back(relative);
  }
  return copied;
}

// Follows the relative links of every released Markdown file: a linked file that may be released is copied
// (and its own links followed); one that may not is named in `left_out`, as it will be a dead link.
void copy_linked_files(const fs::path& root, const fs::path& out, const ReleaseSelection& selection,
                       std::vector<std::string>& released, std::vector<std::string>& left_out) {
  std::deque<std::string> pending;
  for (const std::string& r : released)
    if (ends_with(r, ".md")) pending.push_back(r);
  while (!pending.empty()) {
    const std::string page = pending.front();
    pending.pop_front();
    for (const std::string& link : markdown_links(read_text_file((root / page).string()))) {
      const fs::path target = (fs::path(page).parent_path() / link).lexically_normal();
      const std::string relative = target.generic_string();
      if (relative.empty() || starts_with(relative, "..") || relative == "README.md" ||
          fs::exists(out / target))
        continue;
      const fs::path source = root / target;
      if (fs::is_regular_file(fs::symlink_status(source)) && release_allows(relative, selection)) {
        copy_into_tree(source, out / target);
        released.push_back(relative);
        if (ends_with(relative, ".md")) pending.push_back(relative);
      } else {
        left_out.push_back("the link to " + relative + " in " + page + " (not released: it will not resolve)");
      }
    }
  }
}

}  // namespace

std::vector<std::string> release_roots(const ReleaseSelection& selection) {
  std::vector<std::string> roots = {"CMakeLists.txt", "cmake", "grader", "assignments/CMakeLists.txt",
                                    "scripts/build.sh", "scripts/install-deps.sh", "scripts/grader", ".gitignore",
                                    ".dockerignore", ".devcontainer", "docs/student-environment.md"};
  for (const std::string& a : selection.assignments)
    for (const char* folder : {"assignments/", "starter/", "datasets/"}) roots.push_back(folder + a);
  return roots;
}

bool release_allows(const std::string& path, const ReleaseSelection& selection) {
  for (const char* denied :
       {"solutions", "tests", "docs/results", "build", ".git", "grader/tests", "grader/cpu/tests", "grader/cpu/bench"})
    if (under(path, denied)) return false;
  if (starts_with(path, "build-") || ends_with(path, "_test.cpp") || selection.baseline_files.count(path)) return false;
  for (const char* folder : {"assignments/", "starter/", "datasets/"}) {
    if (!starts_with(path, folder)) continue;
    const std::string rest = path.substr(std::string(folder).size());
    const std::string name = rest.substr(0, rest.find('/'));
    if (name == rest) return std::string(folder) == "assignments/" && name == "CMakeLists.txt";
    // A problem's reference computes what the student must (device-query's derived fields): the tree
    // gets the problems compiled instead (copy_compiled_problems).
    if (std::string(folder) == "assignments/" && name == "problems") return false;
    if (!is_listed(selection.assignments, name)) return false;
    // Rubrics and questions files are rewritten (release_rubric.h), baselines/ holds reference kernels,
    // and broken/ and correct/ patches of the solution, whose lines they show.
    if (std::string(folder) == "assignments/" &&
        ((ends_with(rest, ".yaml") && rest.find('/', name.size() + 1) == std::string::npos) ||
         under(rest, name + "/baselines") || under(rest, name + "/broken") || under(rest, name + "/correct")))
      return false;
  }
  return true;
}

std::vector<std::string> markdown_links(const std::string& markdown) {
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  std::vector<std::string> links;
  for (auto it = std::sregex_iterator(markdown.begin(), markdown.end(), link); it != std::sregex_iterator(); ++it) {
    std::string target = (*it)[1].str();
    target = target.substr(0, target.find('#'));
    if (target.empty() || target.find("://") != std::string::npos || starts_with(target, "mailto:") ||
        starts_with(target, "/"))
      continue;
    if (!is_listed(links, target)) links.push_back(target);
  }
  return links;
}

std::vector<std::string> find_leaks(const std::string& kit_root, const std::string& tree,
                                    const std::set<std::string>& baseline_files) {
  std::map<std::string, std::string> answers;  // digest -> the kit file it is the digest of
  const fs::path root(kit_root);
  if (fs::is_directory(root / "solutions"))
    for (const auto& entry : fs::recursive_directory_iterator(root / "solutions"))
      if (entry.is_regular_file())
        answers[sha256_hex(read_text_file(entry.path().string()))] = entry.path().lexically_relative(root).string();
  for (const std::string& b : baseline_files)
    if (fs::is_regular_file(root / b)) answers[sha256_hex(read_text_file((root / b).string()))] = b;
  if (fs::is_directory(root / "assignments/problems"))
    for (const auto& entry : fs::recursive_directory_iterator(root / "assignments/problems"))
      if (entry.is_regular_file())
        answers[sha256_hex(read_text_file(entry.path().string()))] = entry.path().lexically_relative(root).string();

  std::vector<std::string> leaks;
  for (const auto& entry : fs::recursive_directory_iterator(tree)) {
    if (!entry.is_regular_file() || under(entry.path().lexically_relative(tree).generic_string(), ".git")) continue;
    const std::string relative = entry.path().lexically_relative(tree).generic_string();
    const std::string text = read_text_file(entry.path().string());
    const auto same = answers.find(sha256_hex(text));
    if (same != answers.end()) {
      leaks.push_back(relative + " (the same bytes as " + same->second + ")");
      continue;
    }
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      if (is_marker_line(text.substr(start, end - start))) {
        leaks.push_back(relative + " (a solution-region marker line)");
        break;
      }
      if ((ends_with(relative, ".yaml") || ends_with(relative, ".yml")) &&
          is_answer_line(text.substr(start, end - start))) {
        leaks.push_back(relative + " (an `answer:` line of a written question)");
        break;
      }
      start = end + 1;
    }
  }
  std::sort(leaks.begin(), leaks.end());
  return leaks;
}

namespace {

// write_release, whose file-system errors the caller turns into a message.
ReleaseSummary write_release_tree(const ReleaseOptions& options) {
  if (options.assignments.empty())
    throw UserError("name at least one assignment to release (`grader list` shows them)");
  if (options.out_dir.empty()) throw UserError("--out is required: the folder the student tree is written into");
  // The student tree is cut from the kit's own tree, whose grader sources it carries.
  const fs::path root = resolved(kit_trees().back());
  const fs::path out = resolved(options.out_dir);

  ReleaseSelection selection;
  std::vector<ReleasedAssignment> released_assignments;
  std::vector<std::string> left_out;
  for (const std::string& name : options.assignments) {
    if (is_listed(selection.assignments, name)) continue;
    const Rubric rubric = load_assignment_rubric(name);  // unknown or invalid: UserError
    if (resolved(assignment_folder(name)) != root / "assignments" / name)
      throw UserError("'" + name + "' comes from the course tree " + course_tree().value_or("") +
                      ": grader release cuts student trees from the kit's own assignments only (docs/release.md)");
    selection.assignments.push_back(name);
    released_assignments.push_back({name, rubric.title, rubric.student_files.front()});
  }
  // Every rubric's baselines, not only the released ones': a baseline of one assignment can be another's
  // answer (the naive matmul kernel is matmul-naive's reference).
  for (const std::string& name : list_assignments())
    for (const Baseline& b : load_assignment_rubric(name).performance.baselines)
      selection.baseline_files.insert(b.file);

  check_out_dir(out, root, options.force);
  clear_out_dir(out);
  fs::create_directories(out);

  std::vector<std::string> files = copy_roots(root, out, selection);
  for (const std::string& f : copy_compiled_problems(out)) files.push_back(f);
  for (const std::string& name : selection.assignments) {
    const std::string relative = "assignments/" + name + "/rubric.yaml";
    StudentRubric rubric = student_rubric(read_text_file((root / relative).string()), relative);
    write_file(out / relative, rubric.text);
    files.push_back(relative);
    for (const std::string& what : rubric.left_out) left_out.push_back(name + ": " + what);
    const Questions& questions = load_assignment_rubric(name).questions;
    if (!questions.path.empty()) {
      const std::string released = "assignments/" + name + "/" + fs::path(questions.path).filename().string();
      write_file(out / released, student_questions(read_text_file(questions.path)));
      files.push_back(released);
    }
    try {
      load_rubric((out / relative).string(), {out.string()});
    } catch (const RubricError& e) {
      throw std::runtime_error(std::string("the released rubric does not validate: ") + e.what());
    }
  }
  copy_linked_files(root, out, selection, files, left_out);

  write_file(out / "README.md", student_readme(released_assignments));
  write_file(out / "scripts/check-all.sh", check_all_script(released_assignments));
  fs::permissions(out / "scripts/check-all.sh", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
  write_file(out / ".github/workflows/check.yml", check_workflow(released_assignments));
  files.insert(files.end(), {"README.md", "scripts/check-all.sh", ".github/workflows/check.yml"});

  const std::vector<std::string> leaks = find_leaks(root.string(), out.string(), selection.baseline_files);
  if (!leaks.empty()) {
    clear_out_dir(out);
    std::string list;
    for (const std::string& l : leaks) list += "\n  " + l;
    throw UserError("the student tree would give answers away, so nothing was released:" + list +
                    "\nmake the starter differ from its solution (`cmake --build build --target starters`), then "
                    "release again");
  }
  ReleaseSummary summary{out.string(), static_cast<int>(files.size()), {}};
  summary.left_out = {"solutions/, tests/ (with the broken kernels), docs/results/, the unit tests, the CPU "
                      "backend's own test kernels, the assignments not named",
                      "the problems' sources (assignments/problems/): their references compute what students "
                      "must; the tree holds them compiled (assignments/problems-compiled/)"};
  if (!selection.baseline_files.empty())
    summary.left_out.push_back("every rubric's performance baselines (correct kernels)");
  summary.left_out.insert(summary.left_out.end(), left_out.begin(), left_out.end());
  return summary;
}

}  // namespace

ReleaseSummary write_release(const ReleaseOptions& options) {
  try {
    return write_release_tree(options);
  } catch (const fs::filesystem_error& e) {
    throw UserError("cannot write the student tree into " + options.out_dir + ": " + e.what() +
                    "\ncheck the folder's permissions and free space");
  }
}

}  // namespace kit
