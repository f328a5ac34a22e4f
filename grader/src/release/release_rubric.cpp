#include "release/release_rubric.h"

#include <yaml-cpp/yaml.h>

#include "util/errors.h"

namespace kit {

StudentRubric student_rubric(const std::string& rubric_text, const std::string& rubric_name) {
  const YAML::Node original = YAML::Load(rubric_text);
  StudentRubric out;
  YAML::Node released(YAML::NodeType::Map);
  for (const auto& entry : original) {
    const std::string key = entry.first.as<std::string>();
    if (key == "performance") {
      out.left_out.push_back("performance (its baselines and curves): graded with the full rubric on a GPU");
      continue;
    }
    if (key == "questions") {
      out.left_out.push_back("the written answers' grading (the released " + entry.second.as<std::string>() +
                             " lists the questions without their answers)");
      continue;
    }
    if (key != "correctness") {
      released[key] = entry.second;
      continue;
    }
    YAML::Node groups(YAML::NodeType::Sequence);
    for (const YAML::Node& group : entry.second) {
      const std::string visibility = group["visibility"] ? group["visibility"].as<std::string>() : "visible";
      if (visibility == "visible") {
        groups.push_back(group);
        continue;
      }
      const std::string name = group["group"] ? group["group"].as<std::string>() : "(unnamed)";
      out.left_out.push_back("correctness group '" + name + "' (" + visibility + ")");
    }
    if (groups.size() == 0)
      throw UserError(rubric_name + " has no visible correctness group: a student's `grader check` would run "
                      "nothing. Make at least one group visible, or leave the assignment out of the release.");
    released[key] = groups;
  }
  YAML::Emitter emitter;
  emitter << released;
  out.text = "# The visible tests of this assignment, which `grader check` runs. The hidden tests and the\n"
             "# performance measurements are graded by your instructor with the full rubric.\n" +
             std::string(emitter.c_str()) + "\n";
  return out;
}

std::string student_questions(const std::string& questions_text) {
  const YAML::Node original = YAML::Load(questions_text);
  YAML::Emitter emitter;
  emitter << YAML::BeginMap << YAML::Key << "questions" << YAML::Value << YAML::BeginSeq;
  for (const YAML::Node& question : original["questions"]) {
    emitter << YAML::BeginMap;
    for (const char* key : {"id", "points", "kind", "text", "choices"}) {
      if (!question[key]) continue;
      emitter << YAML::Key << key << YAML::Value;
      // The text as the instructor wrote it, a block of lines, not one quoted string.
      const bool lines = question[key].IsScalar() && question[key].Scalar().find('\n') != std::string::npos;
      if (std::string(key) == "text" && lines) emitter << YAML::Literal << question[key].Scalar();
      else emitter << question[key];
    }
    emitter << YAML::EndMap;
  }
  emitter << YAML::EndSeq << YAML::EndMap;
  return "# The written questions of this assignment. Answer them in answers.yaml beside your .cu file\n"
         "# (the starter has one, with every question's id).\n" +
         std::string(emitter.c_str()) + "\n";
}

}  // namespace kit
