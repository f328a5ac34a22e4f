// Finding the students of a class in a folder of submissions, for `grader batch`: one folder per student
// (the folder's name is the student), a Gradescope submissions export (submission_<id> folders and a
// submission_metadata.yml naming who submitted each), or GitHub Classroom clones (<assignment>-<user>
// folders). Every folder name and every file in it is the students' doing: nothing here follows a link,
// and nothing found is trusted beyond being a name.
#pragma once

#include <string>
#include <vector>

namespace kit {

enum class RosterLayout { folders, gradescope, github_classroom };
const char* to_string(RosterLayout layout);

// Someone a submission belongs to. A Gradescope group submission has several; the other layouts one,
// known only by the folder's name.
struct Person {
  std::string name;   // "Jane Doe", the GitHub user, or the folder's name
  std::string sid;    // the student id, when the layout records one
  std::string email;  // when the layout records one
};

struct Student {
  std::string key;             // unique, a safe file name (class/safe_file_name.h): names results/<key>.json
  std::vector<Person> people;  // never empty; without metadata, one person named as the folder is
  std::string folder;          // the student's folder, absolute
  std::string submission;      // the folder holding the expected files; empty when there is none
  std::string missing;         // why `submission` is empty: "no matmul_naive.cu in the folder"
  // When Gradescope's server recorded the submission (its metadata's :created_at:, as class/timestamp.h
  // writes it); "" in the other layouts, which record no time a student cannot set.
  std::string submitted_at;
};

struct ClassRoster {
  RosterLayout layout = RosterLayout::folders;
  std::vector<Student> students;      // sorted by key
  std::vector<std::string> warnings;  // metadata that could not be read, and was done without
};

// The students in `dir`, for an assignment whose students hand in `student_files`. Hidden folders and
// plain files at the top are not students; neither is `skip` (the batch's output folder, when it lies
// inside `dir`). A student's files may sit in a subfolder (a clone's repository layout): the shallowest
// folder holding the first expected file is the submission, and two such folders at the same depth are
// reported as `missing` rather than guessed between. A Gradescope export's metadata names each submission's
// people and time; whatever of it cannot be read is a warning, and is done without. Throws UserError when
// `dir` is not a folder.
ClassRoster discover_class(const std::string& dir, const std::string& assignment,
                           const std::vector<std::string>& student_files, const std::string& skip = "");

}  // namespace kit
