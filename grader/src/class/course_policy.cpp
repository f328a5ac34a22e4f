// Where a course policy is parsed and checked. Every error names the file, the line and the key, and says
// what is expected: a policy decides grades, so nothing in it is guessed at or passed over.
#include "class/course_policy.h"

#include <cmath>
#include <filesystem>
#include <set>

#include <yaml-cpp/yaml.h>

#include "assignment/kit_tree.h"
#include "submission/intake.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string plural(long n, const std::string& one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

const std::set<std::string> kTopKeys = {"defaults", "assignments"};
const std::set<std::string> kAssignmentKeys = {"due", "late_days", "late_penalty", "last_accepted", "counted"};

struct PolicyReader {
  std::string file;

  [[noreturn]] void fail(const YAML::Node& node, const std::string& key, const std::string& message) const {
    const YAML::Mark mark = node.Mark();
    const std::string where = mark.is_null() ? file : file + ":" + std::to_string(mark.line + 1) + ":" +
                                                          std::to_string(mark.column + 1);
    throw UserError("course policy " + where + ": " + (key.empty() ? "" : key + ": ") + message +
                    "\nfix the course policy (docs/course-policy.md says what it holds) and try again");
  }

  void allow_keys(const YAML::Node& map, const std::string& what, const std::set<std::string>& allowed) const {
    if (!map.IsMap()) fail(map, what, "must be a mapping of keys to values");
    for (const auto& entry : map) {
      const std::string key = entry.first.Scalar();
      if (!allowed.count(key))
        fail(entry.first, what.empty() ? key : what + "." + key,
             "unknown key '" + key + "' (allowed: " + comma_list(std::vector<std::string>(allowed.begin(), allowed.end())) +
                 "): a misspelt key would change grades silently, so none is passed over");
    }
  }

  int days(const YAML::Node& node, const std::string& key) const {
    const std::string text = node.IsScalar() ? node.Scalar() : "";
    if (text.empty() || text.size() > 5 || text.find_first_not_of("0123456789") != std::string::npos)
      fail(node, key, "must be a whole number of days (0 or more), not '" + text + "'");
    return std::stoi(text);
  }

  double percent(const YAML::Node& node, const std::string& key) const {
    double value = -1;
    try {
      value = node.IsScalar() ? node.as<double>() : -1;
    } catch (const YAML::Exception&) {
      value = std::nan("");
    }
    if (!std::isfinite(value) || value < 0 || value > 100)
      fail(node, key, "must be a percent of the assignment's points, from 0 to 100, not '" +
                          (node.IsScalar() ? node.Scalar() : std::string("a list or mapping")) + "'");
    return value;
  }

  Timestamp due(const YAML::Node& node, const std::string& key) const {
    const std::string text = node.IsScalar() ? node.Scalar() : "";
    std::string why;
    const std::optional<Timestamp> t = parse_timestamp(text, &why);
    if (!t) fail(node, key, "'" + text + "' " + why + ": write " + kTimestampExample);
    return *t;
  }

  CountedRule counted(const YAML::Node& node, const std::string& key) const {
    const std::string text = node.IsScalar() ? node.Scalar() : "";
    for (CountedRule rule : {CountedRule::best, CountedRule::last, CountedRule::best_before_due})
      if (text == to_string(rule)) return rule;
    fail(node, key, "must be best, last or best_before_due, not '" + text + "'");
  }

  // The keys `map` sets, over `policy`. `what` is where the map is ("defaults", "assignments.matmul-naive").
  void read_into(const YAML::Node& map, const std::string& what, AssignmentPolicy& policy, bool may_be_due) const {
    if (!map || map.IsNull()) return;
    allow_keys(map, what, kAssignmentKeys);
    for (const auto& entry : map) {
      const std::string name = entry.first.Scalar();
      const std::string key = what + "." + name;
      const YAML::Node& value = entry.second;
      if (name == "due") {
        if (!may_be_due)
          fail(entry.first, key, "a due date belongs to one assignment: put it under assignments.<name>, so that an "
                                 "assignment the policy forgot is never due by accident");
        policy.due = due(value, key);
      } else if (name == "late_days") {
        policy.late_days = days(value, key);
      } else if (name == "late_penalty") {
        policy.late_penalty = percent(value, key);
      } else if (name == "last_accepted") {
        policy.last_accepted = days(value, key);
      } else if (name == "counted") {
        policy.counted = counted(value, key);
      }
    }
    if (policy.last_accepted && *policy.last_accepted < policy.late_days)
      fail(map, what, "last_accepted (" + plural(*policy.last_accepted, "day") + ") ends before the late days (" +
                          std::to_string(policy.late_days) + ") do: a submission within its days without penalty "
                          "would earn nothing; make last_accepted at least late_days");
  }
};

std::string points_percent(double percent) {
  std::string text = std::to_string(percent);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text + "%";
}

}  // namespace

const char* to_string(CountedRule rule) {
  switch (rule) {
    case CountedRule::best: return "best";
    case CountedRule::last: return "last";
    case CountedRule::best_before_due: return "best_before_due";
  }
  return "?";
}

const AssignmentPolicy& policy_for(const CoursePolicy& policy, const std::string& assignment) {
  const auto it = policy.assignments.find(assignment);
  return it == policy.assignments.end() ? policy.defaults : it->second;
}

CoursePolicy parse_course_policy(const std::string& yaml_text, const std::string& file) {
  const PolicyReader reader{file};
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::ParserException& e) {
    throw UserError("course policy " + file + ":" + std::to_string(e.mark.line + 1) + ":" +
                    std::to_string(e.mark.column + 1) + ": not valid YAML: " + e.msg +
                    "\nfix the course policy (docs/course-policy.md says what it holds) and try again");
  }
  CoursePolicy policy;
  policy.file = file;
  if (!root || root.IsNull()) return policy;  // an empty file: the defaults of the defaults
  reader.allow_keys(root, "", kTopKeys);
  reader.read_into(root["defaults"], "defaults", policy.defaults, false);
  const YAML::Node assignments = root["assignments"];
  if (!assignments || assignments.IsNull()) return policy;
  if (!assignments.IsMap())
    reader.fail(assignments, "assignments", "must map each assignment's name to its policy (due, late_days, ...)");
  for (const auto& entry : assignments) {
    const std::string name = entry.first.Scalar();
    AssignmentPolicy own = policy.defaults;
    reader.read_into(entry.second, "assignments." + name, own, true);
    policy.assignments[name] = own;
  }
  return policy;
}

std::optional<CoursePolicy> find_course_policy(const std::string& given) {
  std::string path = given;
  if (path.empty()) {
    const auto course = course_tree();
    if (!course) return std::nullopt;
    path = (fs::path(*course) / kCoursePolicyFile).string();
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::nullopt;
  }
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    throw UserError("--policy " + quoted_for_message(path) + " is not a file: give the course's policy file (" +
                    kCoursePolicyFile + ", docs/course-policy.md)");
  const std::string text = read_text_file(path);
  if (text.size() > (1u << 20))
    throw UserError("the course policy " + quoted_for_message(path) + " is over 1 MiB: it is not a policy file");
  return parse_course_policy(text, path);
}

std::string describe_policy(const CoursePolicy& policy, const std::string& assignment) {
  const AssignmentPolicy& p = policy_for(policy, assignment);
  std::string text = "course policy " + policy.file + ": ";
  if (!policy.assignments.count(assignment)) text += "names no " + assignment + ", so its defaults apply: ";
  if (!p.due) {
    text += assignment + " has no due date, so no submission is late";
  } else {
    text += assignment + " is due " + timestamp_text(*p.due);
    if (p.late_days > 0) text += "; " + plural(p.late_days, "late day") + " without penalty";
    if (p.late_penalty > 0)
      text += std::string(p.late_days > 0 ? ", then " : "; ") + points_percent(p.late_penalty) +
              " of the points off per day started late";
    else
      text += std::string(p.late_days > 0 ? ", then" : ";") + " no penalty for lateness";
    if (p.last_accepted) text += "; nothing earned more than " + plural(*p.last_accepted, "day") + " after it";
  }
  const char* counted = p.counted == CountedRule::best              ? "the best"
                        : p.counted == CountedRule::last            ? "the last"
                                                                    : "the best before the due date";
  return text + "; the submission counted: " + counted;
}

}  // namespace kit
