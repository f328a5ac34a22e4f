// Which file a student's command (`check`, `run`, `access`) works on when no --submission is given, and
// the line that says so: a student who runs the command in the folder holding their file means that file,
// not the kit's starter; elsewhere it is the starter (in a student release, the file the student edits).
#pragma once

#include <string>

namespace kit {

struct SubmissionChoice {
  std::string path;  // a folder holding the assignment's student files, or one of them
  std::string said;  // "checking transpose.cu in /home/ann/hw3 (...)": for the user, before the work
};

// `given` when it is not empty; else the current folder when it holds every file the assignment's
// students hand in; else the starter, which in a student release is the student's own file and is called
// so. `verb`: "checking", "running", "measuring".
SubmissionChoice choose_submission(const std::string& assignment, const std::string& given, const std::string& verb);

}  // namespace kit
