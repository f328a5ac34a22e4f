// Written exercises (assignments/<name>/questions.yaml): the questions an assignment asks besides its
// kernels, each of one kind. A kind is one file (question_number.cpp, question_choice.cpp, ...) holding
// how its question is read from the file and how an answer to it is graded; the loader and the graders
// never name a kind. assignments/README.md documents the format.
#pragma once

#include <string>
#include <vector>

#include "submission/answers.h"

namespace kit {

struct Question {
  std::string id;      // [a-z0-9-]+: the key the student answers under in answers.yaml
  double points = 0;
  std::string kind;    // "number", "choice", "set", "open"
  std::string text;    // Markdown, as the student reads it
  int line = 0;        // where the question starts in its file, for messages
  // The kind's own fields, read by the kind: the right answer (a number, a choice, a set of whole numbers;
  // none for open questions), the tolerance of numbers and the choices of choices.
  double value = 0;
  std::string answer;
  std::vector<long> answer_set;
  double tolerance = 0;  // absolute error allowed
  double relative = 0;   // relative error allowed, besides the absolute one
  std::vector<std::string> choices;
};

// How one answer was graded.
struct QuestionVerdict {
  bool right = false;
  std::string message;  // one line for the student: "right", "512 is not the right number"
};

// A question's own keys, as its kind reads them. Every accessor throws RubricError (rubric.h) at the
// key's line and column when the value is missing or of the wrong type.
class QuestionFields {
 public:
  virtual ~QuestionFields() = default;
  virtual bool has(const char* key) const = 0;
  virtual double number(const char* key) const = 0;           // finite
  virtual std::string text(const char* key) const = 0;        // a scalar
  virtual std::vector<std::string> texts(const char* key) const = 0;  // a list of scalars
  virtual std::vector<long> integers(const char* key) const = 0;      // a list of whole numbers
  [[noreturn]] virtual void fail(const char* key, const std::string& message) const = 0;
};

struct QuestionKind {
  const char* name;                       // the file's `kind:`
  std::vector<const char*> keys;          // the keys the kind adds to id, points, kind and text
  bool graded_by_a_person;                // open questions: never passed or failed by the grader
  // Reads the kind's keys into `question` (fields of `node`, a mapping), or fails at the offending node.
  void (*read)(const QuestionFields& fields, Question& question);
  // Grades an answer that is there (not missing); never called for kinds graded by a person.
  QuestionVerdict (*grade)(const Question& question, const Answer& answer);
};

const std::vector<QuestionKind>& question_kinds();
const QuestionKind* find_question_kind(const std::string& name);

struct Questions {
  std::string path;  // the file they were read from; empty: the assignment asks none
  std::vector<Question> questions;
};

// Reads and validates a questions file; throws RubricError (rubric.h) with the file, line and column of
// what is wrong: unknown keys, wrong types, negative points, two questions with one id, an answer that is
// not one of the choices, an open question with an answer.
Questions load_questions(const std::string& path);

// The points the grader decides (every kind but open), and those a person does.
double graded_points(const Questions& questions);
double pending_points(const Questions& questions);

}  // namespace kit
