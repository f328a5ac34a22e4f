// Where a questions file is read and validated. Errors name the file, line and column, as the rubric's do.
#include "assignment/questions.h"

#include <cmath>
#include <filesystem>
#include <set>

#include <yaml-cpp/yaml.h>

#include "assignment/rubric_error.h"
#include "assignment/yaml_file.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail_at(const std::string& file, const YAML::Node& node, const std::string& message) {
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) throw RubricError(file, 0, 0, message);
  throw RubricError(file, mark.line + 1, mark.column + 1, message);
}

bool is_id(const std::string& id) {
  if (id.empty()) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}


class YamlFields : public QuestionFields {
 public:
  YamlFields(std::string file, YAML::Node node, std::string what)
      : file_(std::move(file)), node_(std::move(node)), what_(std::move(what)) {}

  bool has(const char* key) const override { return static_cast<bool>(node_[key]); }

  double number(const char* key) const override {
    const YAML::Node n = need(key);
    double v = 0;
    if (!n.IsScalar()) fail_at(file_, n, std::string(key) + " must be a number");
    try {
      v = n.as<double>();
    } catch (const YAML::Exception&) {
      fail_at(file_, n, std::string(key) + " must be a number, not '" + n.Scalar() + "'");
    }
    if (!std::isfinite(v)) fail_at(file_, n, std::string(key) + " must be a finite number");
    return v;
  }

  std::string text(const char* key) const override {
    const YAML::Node n = need(key);
    if (!n.IsScalar()) fail_at(file_, n, std::string(key) + " must be a single value, not a list or mapping");
    return n.Scalar();
  }

  std::vector<std::string> texts(const char* key) const override {
    const YAML::Node n = need(key);
    if (!n.IsSequence()) fail_at(file_, n, std::string(key) + " must be a list, e.g. [a, b]");
    std::vector<std::string> out;
    for (const YAML::Node& item : n) {
      if (!item.IsScalar()) fail_at(file_, item, "each of " + std::string(key) + " must be a single value");
      out.push_back(item.Scalar());
    }
    return out;
  }

  std::vector<long> integers(const char* key) const override {
    const YAML::Node n = need(key);
    if (!n.IsSequence()) fail_at(file_, n, std::string(key) + " must be a list of whole numbers, e.g. [1, 2, 4]");
    std::vector<long> out;
    for (const YAML::Node& item : n) {
      try {
        if (!item.IsScalar()) throw YAML::Exception(YAML::Mark::null_mark(), "");
        out.push_back(item.as<long>());
      } catch (const YAML::Exception&) {
        fail_at(file_, item, "each of " + std::string(key) + " must be a whole number");
      }
    }
    return out;
  }

  [[noreturn]] void fail(const char* key, const std::string& message) const override {
    fail_at(file_, node_[key] ? node_[key] : node_, message);
  }

 private:
  YAML::Node need(const char* key) const {
    const YAML::Node n = node_[key];
    if (!n) fail_at(file_, node_, what_ + " needs the key '" + key + "'");
    return n;
  }

  std::string file_;
  YAML::Node node_;
  std::string what_;
};

Question read_question(const std::string& file, const YAML::Node& node) {
  if (!node.IsMap())
    fail_at(file, node, "a question must be a mapping of keys to values (id, points, kind, text, ...)");
  YamlFields fields(file, node, "a question");
  Question q;
  q.line = node.Mark().is_null() ? 0 : node.Mark().line + 1;
  q.id = fields.text("id");
  if (!is_id(q.id))
    fields.fail("id", "the id '" + q.id + "' may hold only lower-case letters, digits and '-' (it is the key the "
                      "student answers under)");
  YamlFields named(file, node, "question '" + q.id + "'");
  q.points = named.number("points");
  if (q.points < 0) named.fail("points", "points must not be negative");
  q.kind = named.text("kind");
  const QuestionKind* kind = find_question_kind(q.kind);
  if (!kind) {
    std::vector<std::string> names;
    for (const QuestionKind& k : question_kinds()) names.push_back(k.name);
    named.fail("kind", "unknown kind '" + q.kind + "' (known: " + comma_list(names) + ")");
  }
  q.text = named.text("text");
  std::set<std::string> allowed = {"id", "points", "kind", "text"};
  for (const char* key : kind->keys) allowed.insert(key);
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    if (!allowed.count(key))
      fail_at(file, entry.first, "unknown key '" + key + "' in question '" + q.id + "' of kind " + q.kind +
                                     " (allowed: " + comma_list(std::vector<std::string>(allowed.begin(), allowed.end())) +
                                     ")");
  }
  kind->read(named, q);
  return q;
}

}  // namespace

Questions load_questions(const std::string& path) {
  if (!fs::is_regular_file(path)) throw RubricError(path, 0, 0, "the questions file does not exist");
  const YAML::Node root = load_yaml_file(path, "questions");
  if (!root || !root.IsMap()) throw RubricError(path, 0, 0, "the file must be a mapping with the key 'questions'");
  for (const auto& entry : root)
    if (entry.first.Scalar() != "questions")
      fail_at(path, entry.first, "unknown key '" + entry.first.Scalar() + "' (allowed: questions)");
  const YAML::Node list = root["questions"];
  if (!list) fail_at(path, root, "the file needs the key 'questions'");
  if (!list.IsSequence() || list.size() == 0) fail_at(path, list, "questions must be a list of at least one question");
  Questions out;
  out.path = path;
  std::set<std::string> ids;
  for (const YAML::Node& node : list) {
    Question q = read_question(path, node);
    if (!ids.insert(q.id).second) fail_at(path, node["id"], "two questions have the id '" + q.id + "'");
    out.questions.push_back(std::move(q));
  }
  return out;
}

double graded_points(const Questions& questions) {
  double total = 0;
  for (const Question& q : questions.questions)
    if (!find_question_kind(q.kind)->graded_by_a_person) total += q.points;
  return total;
}

double pending_points(const Questions& questions) {
  double total = 0;
  for (const Question& q : questions.questions)
    if (find_question_kind(q.kind)->graded_by_a_person) total += q.points;
  return total;
}

}  // namespace kit
