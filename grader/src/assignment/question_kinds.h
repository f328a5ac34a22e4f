// The kinds of written question (assignment/questions.h), one file each; question_kinds() lists them.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

#include "assignment/questions.h"

namespace kit {

const QuestionKind& number_question_kind();
const QuestionKind& choice_question_kind();
const QuestionKind& set_question_kind();
const QuestionKind& open_question_kind();

// An answer as compared: without surrounding space, in lower case ("  Memory-Bound " is "memory-bound").
inline std::string normalised_answer(const std::string& text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return "";
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  std::string out = text.substr(start, end - start + 1);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// A student's text, short and on one line, for a message.
inline std::string quoted_answer(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (out.size() >= 40) return "'" + out + "...'";
    out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  return "'" + out + "'";
}

}  // namespace kit
