#include "commands/submission_choice.h"

#include <filesystem>

#include "assignment/kit_tree.h"
#include "grading/grade.h"

namespace fs = std::filesystem;

namespace kit {

SubmissionChoice choose_submission(const std::string& assignment, const std::string& given, const std::string& verb) {
  const Rubric rubric = load_assignment_rubric(assignment);
  const std::string file = rubric.student_files.front();
  if (!given.empty()) {
    std::error_code ec;
    const fs::path path = fs::absolute(given, ec);
    const bool folder = fs::is_directory(path, ec);
    return {given, verb + " " + (folder ? (path / file).string() : path.string())};
  }
  std::error_code ec;
  const fs::path here = fs::current_path(ec);
  bool all_here = !ec;
  for (const std::string& f : rubric.student_files) {
    if (fs::path(f).extension() == ".yaml") continue;  // answers are optional beside the code
    all_here = all_here && fs::is_regular_file(here / f, ec);
  }
  if (all_here)
    return {here.string(), verb + " " + (here / file).string() + ", the " + file + " in this folder (--submission picks another)"};
  const std::string starter = kit_file("starter/" + assignment);
  // In a student release (no solutions/ beside starter/) the file under starter/ is the one the student
  // edits: it is their own file, not the kit's starter.
  if (!fs::is_directory(kit_file("solutions"), ec))
    return {starter, verb + " your file, " + (fs::path(starter) / file).string() + " (--submission picks another)"};
  return {starter, verb + " the starter, " + (fs::path(starter) / file).string() + ": no " + file +
                       " in this folder; give --submission to " + (verb == "checking" ? "check" : "use") + " your own file"};
}

}  // namespace kit
