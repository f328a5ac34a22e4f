// The student's answers to an assignment's written questions: answers.yaml in the submission folder (beside
// the graded file), a mapping of question ids to answers. The file is hostile like every student file: the
// intake takes it in (submission/intake.h: missing, a link, a fifo, too large, not text), and what is left here is
// parsing it: not YAML, or nested without end. Reading it never throws; what is wrong with it becomes the
// failed result of the questions it leaves unanswered.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "submission/intake.h"

namespace kit {

constexpr const char* kAnswersFileName = "answers.yaml";

// One answer as written: a scalar ("1024", "memory-bound", a paragraph) or a list of scalars ([4, 8, 16]).
struct Answer {
  enum class Shape { text, list, other } shape = Shape::text;  // other: a mapping or a nested list
  std::string text;                 // the scalar, as written
  std::vector<std::string> items;   // the list's scalars
  int line = 0;                     // where it is in answers.yaml, for messages
};

struct AnswersFile {
  bool present = false;
  std::string problem;  // non-empty when the whole file is unusable: "not YAML: ... at line 3, column 2"
  std::map<std::string, Answer> answers;  // by question id; ids with an empty value are left out
};

struct AnswersOptions {
  int max_nesting = 16;  // brackets nested deeper than this are not parsed
};

// answers.yaml as the intake takes it in: at most 64 KiB, and what to do about a larger one.
ExtraFile answers_extra_file();

// The answers of a submission as the intake took them in: not present when the student submitted no
// answers.yaml, the intake's problem when it could not take the file, else its copy parsed.
AnswersFile answers_taken_in(const Intake& intake, const AnswersOptions& options = {});

// Parses the answers file at `path`, which is read as it is: the intake's copy, or one of the kit's own
// (a solution's, a starter's). A missing file gives present = false and no problem.
AnswersFile read_answers(const std::string& path, const AnswersOptions& options = {});

// The same, from the file's text (tests, and read_answers after reading).
AnswersFile parse_answers(const std::string& text, const AnswersOptions& options = {});

}  // namespace kit
