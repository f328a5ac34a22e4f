// Where a rubric is parsed and validated. Every error names the file, line and column of the offending
// node and says what was expected, so an instructor can fix it without reading this code.
#include "kit/rubric.h"

#include <cmath>
#include <filesystem>
#include <set>

#include <yaml-cpp/yaml.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

struct Reader {
  std::string file;

  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
    const YAML::Mark mark = node.Mark();
    if (mark.is_null()) throw RubricError(file, 0, 0, message);
    throw RubricError(file, mark.line + 1, mark.column + 1, message);
  }

  void expect_map(const YAML::Node& node, const std::string& what) const {
    if (!node.IsMap()) fail(node, what + " must be a mapping of keys to values");
  }

  void allow_keys(const YAML::Node& node, const std::string& what, const std::set<std::string>& allowed) const {
    expect_map(node, what);
    for (const auto& entry : node) {
      const std::string key = entry.first.as<std::string>();
      if (!allowed.count(key)) {
        std::string list;
        for (const auto& k : allowed) list += (list.empty() ? "" : ", ") + k;
        fail(entry.first, "unknown key '" + key + "' in " + what + " (allowed: " + list + ")");
      }
    }
  }

  YAML::Node require(const YAML::Node& map, const std::string& key, const std::string& what) const {
    YAML::Node node = map[key];
    if (!node) fail(map, what + " needs the key '" + key + "'");
    return node;
  }

  std::string string(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be a string");
    return node.as<std::string>();
  }

  double number(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be a number");
    try {
      return node.as<double>();
    } catch (const YAML::Exception&) {
      fail(node, what + " must be a number, not '" + node.as<std::string>() + "'");
    }
  }

  double non_negative(const YAML::Node& node, const std::string& what) const {
    double v = number(node, what);
    if (!std::isfinite(v)) fail(node, what + " must be a finite number");
    if (v < 0) fail(node, what + " must not be negative");
    return v;
  }

  long integer(const YAML::Node& node, const std::string& what, long min) const {
    if (!node.IsScalar()) fail(node, what + " must be a whole number");
    long v = 0;
    try {
      v = node.as<long>();
    } catch (const YAML::Exception&) {
      fail(node, what + " must be a whole number, not '" + node.as<std::string>() + "'");
    }
    if (v < min) fail(node, what + " must be at least " + std::to_string(min));
    return v;
  }

  bool boolean(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be true or false");
    try {
      return node.as<bool>();
    } catch (const YAML::Exception&) {
      fail(node, what + " must be true or false, not '" + node.as<std::string>() + "'");
    }
  }

  YAML::Node sequence(const YAML::Node& node, const std::string& what) const {
    if (!node.IsSequence()) fail(node, what + " must be a list");
    return node;
  }

  std::string visibility(const YAML::Node& node) const {
    std::string v = string(node, "visibility");
    if (v != "visible" && v != "hidden" && v != "after_due_date")
      fail(node, "visibility must be visible, hidden or after_due_date, not '" + v + "'");
    return v;
  }

  // A size: a number (square assignments: Width) or "JxKxL".
  Dims shape(const YAML::Node& node, bool square, std::size_t dim_count) const {
    if (!node.IsScalar()) fail(node, "a size must be a number or a string like 67x53x64");
    const std::string text = node.as<std::string>();
    Dims dims;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      std::size_t x = text.find('x', pos);
      std::string part = text.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
      if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
        fail(node, "'" + text + "' is not a size: write a whole number, or dimensions like 67x53x64");
      if (part.size() > 9) fail(node, "'" + text + "' is too large for a size");
      long v = std::stol(part);
      if (v < 1) fail(node, "sizes must be at least 1, not " + part);
      dims.push_back(v);
      if (x == std::string::npos) break;
      pos = x + 1;
    }
    if (dims.size() == 1 && square) return Dims(dim_count, dims[0]);
    if (dims.size() != dim_count)
      fail(node, "'" + text + "' has " + std::to_string(dims.size()) + " dimensions; this problem has " +
                     std::to_string(dim_count) + (square ? " (or write one number for a square size)" : ""));
    if (square && (dims[0] != dims[1] || dims[1] != dims[2]))
      fail(node, "this assignment is square: write one number (Width), not '" + text + "'");
    return dims;
  }

  void file_exists(const YAML::Node& node, const std::string& kit_root, const std::string& relative) const {
    if (!fs::exists(fs::path(kit_root) / relative))
      fail(node, "the file '" + relative + "' does not exist (paths are relative to the kit's top folder " +
                     kit_root + ")");
  }
};

std::vector<CurvePoint> read_curve(const Reader& r, const YAML::Node& node) {
  std::vector<CurvePoint> curve;
  for (const auto& point : r.sequence(node, "curve")) {
    if (!point.IsSequence() || point.size() != 2)
      r.fail(point, "each curve point must be a pair [ratio, fraction], e.g. [0.9, 1.0]");
    CurvePoint p{r.non_negative(point[0], "a curve ratio"), r.non_negative(point[1], "a curve fraction")};
    if (p.fraction > 1) r.fail(point[1], "a curve fraction must be between 0 and 1");
    if (!curve.empty() && p.ratio <= curve.back().ratio) r.fail(point[0], "curve ratios must increase");
    curve.push_back(p);
  }
  if (curve.empty()) r.fail(node, "a curve needs at least one point");
  return curve;
}

}  // namespace

RubricError::RubricError(std::string f, int l, int c, const std::string& message)
    : std::runtime_error(f + (l > 0 ? ":" + std::to_string(l) + ":" + std::to_string(c) : "") + ": " + message),
      file(std::move(f)),
      line(l),
      column(c) {}

Rubric load_rubric(const std::string& path, const std::string& kit_root) {
  Reader r{path};
  if (!fs::exists(path)) throw RubricError(path, 0, 0, "the rubric file does not exist");
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::ParserException& e) {
    throw RubricError(path, e.mark.line + 1, e.mark.column + 1, "not valid YAML: " + e.msg);
  } catch (const YAML::Exception& e) {
    throw RubricError(path, 0, 0, std::string("cannot read the rubric: ") + e.what());
  }
  if (!root || root.IsNull()) throw RubricError(path, 0, 0, "the rubric is empty");
  r.allow_keys(root, "the rubric",
               {"assignment", "title", "problem", "student_files", "square", "tile_width", "seed", "tolerance",
                "correctness", "performance", "technique", "forbidden", "limits", "cpu_checks"});

  Rubric rubric;
  rubric.path = path;
  rubric.assignment = r.string(r.require(root, "assignment", "the rubric"), "assignment");
  rubric.title = r.string(r.require(root, "title", "the rubric"), "title");
  const YAML::Node problem_node = r.require(root, "problem", "the rubric");
  rubric.problem = r.string(problem_node, "problem");
  const ProblemDef* problem = find_problem(rubric.problem);
  if (!problem) r.fail(problem_node, "unknown problem '" + rubric.problem + "' (known: matmul)");
  const std::size_t dim_count = problem->inputs->dim_names.size();

  for (const auto& f : r.sequence(r.require(root, "student_files", "the rubric"), "student_files")) {
    std::string name = r.string(f, "a student file");
    if (name.find('/') != std::string::npos) r.fail(f, "student files are plain file names, without folders");
    rubric.student_files.push_back(name);
  }
  if (rubric.student_files.empty()) r.fail(root["student_files"], "student_files must name at least one file");
  if (root["square"]) rubric.square = r.boolean(root["square"], "square");
  if (root["tile_width"]) rubric.tile_width = static_cast<int>(r.integer(root["tile_width"], "tile_width", 1));
  if (root["seed"]) rubric.seed = static_cast<std::uint64_t>(r.integer(root["seed"], "seed", 0));

  if (const YAML::Node t = root["tolerance"]) {
    r.allow_keys(t, "tolerance", {"policy", "safety"});
    if (t["policy"]) {
      rubric.tolerance.policy = r.string(t["policy"], "tolerance policy");
      if (rubric.tolerance.policy != "reduction-length" && rubric.tolerance.policy != "exact")
        r.fail(t["policy"], "the tolerance policy must be reduction-length or exact");
    }
    if (t["safety"]) rubric.tolerance.safety = r.non_negative(t["safety"], "tolerance safety");
  }

  std::set<std::string> group_names;
  for (const auto& g : r.sequence(r.require(root, "correctness", "the rubric"), "correctness")) {
    r.allow_keys(g, "a correctness group", {"group", "points", "visibility", "sizes", "random", "tile_widths", "seeds"});
    CorrectnessGroup group;
    group.name = r.string(r.require(g, "group", "a correctness group"), "group");
    if (!group_names.insert(group.name).second) r.fail(g["group"], "two correctness groups are named '" + group.name + "'");
    group.points = r.non_negative(r.require(g, "points", "group '" + group.name + "'"), "points");
    if (g["visibility"]) group.visibility = r.visibility(g["visibility"]);
    if (g["seeds"]) group.seeds = static_cast<int>(r.integer(g["seeds"], "seeds", 1));
    if (g["sizes"])
      for (const auto& s : r.sequence(g["sizes"], "sizes")) group.shapes.push_back(r.shape(s, rubric.square, dim_count));
    if (const YAML::Node rnd = g["random"]) {
      r.allow_keys(rnd, "random", {"count", "min", "max"});
      group.random.count = static_cast<int>(r.integer(r.require(rnd, "count", "random"), "count", 1));
      group.random.min = r.integer(r.require(rnd, "min", "random"), "min", 1);
      group.random.max = r.integer(r.require(rnd, "max", "random"), "max", group.random.min);
    }
    if (g["tile_widths"])
      for (const auto& w : r.sequence(g["tile_widths"], "tile_widths"))
        group.tile_widths.push_back(static_cast<int>(r.integer(w, "a tile width", 1)));
    if (group.shapes.empty() && group.random.count == 0)
      r.fail(g, "group '" + group.name + "' has no sizes: give sizes, random, or both");
    rubric.correctness.push_back(group);
  }
  if (rubric.correctness.empty()) r.fail(root["correctness"], "correctness must list at least one group");

  if (const YAML::Node p = root["performance"]) {
    r.allow_keys(p, "performance", {"size", "baselines", "items", "rounds", "max_seconds"});
    const YAML::Node size = r.require(p, "size", "performance");
    rubric.performance.shape = r.shape(size, rubric.square, dim_count);
    std::set<std::string> baselines;
    for (const auto& b : r.sequence(r.require(p, "baselines", "performance"), "baselines")) {
      r.allow_keys(b, "a baseline", {"name", "assignment", "file"});
      Baseline base;
      base.name = r.string(r.require(b, "name", "a baseline"), "name");
      base.assignment = b["assignment"] ? r.string(b["assignment"], "assignment") : rubric.assignment;
      base.file = r.string(r.require(b, "file", "baseline '" + base.name + "'"), "file");
      r.file_exists(b["file"], kit_root, base.file);
      if (!fs::exists(fs::path(kit_root) / "assignments" / base.assignment / "harness.cpp"))
        r.fail(b["assignment"] ? b["assignment"] : b, "no assignment '" + base.assignment + "' with a harness.cpp");
      if (!baselines.insert(base.name).second) r.fail(b, "two baselines are named '" + base.name + "'");
      rubric.performance.baselines.push_back(base);
    }
    for (const auto& it : r.sequence(r.require(p, "items", "performance"), "items")) {
      r.allow_keys(it, "a performance item", {"name", "baseline", "points", "curve"});
      PerformanceItem item;
      item.name = r.string(r.require(it, "name", "a performance item"), "name");
      item.baseline = r.string(r.require(it, "baseline", "item '" + item.name + "'"), "baseline");
      if (!baselines.count(item.baseline)) r.fail(it["baseline"], "no baseline named '" + item.baseline + "'");
      item.points = r.non_negative(r.require(it, "points", "item '" + item.name + "'"), "points");
      item.curve = read_curve(r, r.require(it, "curve", "item '" + item.name + "'"));
      rubric.performance.items.push_back(item);
    }
    if (p["rounds"]) rubric.performance.rounds = static_cast<int>(r.integer(p["rounds"], "rounds", 1));
    if (p["max_seconds"]) rubric.performance.max_seconds = r.non_negative(p["max_seconds"], "max_seconds");
    rubric.performance.label = describe_shape(rubric, rubric.performance.shape);
  }

  if (const YAML::Node t = root["technique"]) {
    for (const auto& c : r.sequence(t, "technique")) {
      r.allow_keys(c, "a technique check", {"name", "check", "points"});
      TechniqueCheck check;
      check.name = r.string(r.require(c, "name", "a technique check"), "name");
      check.check = r.string(r.require(c, "check", "technique check '" + check.name + "'"), "check");
      if (check.check != "uses_shared_memory")
        r.fail(c["check"], "unknown technique check '" + check.check + "' (known: uses_shared_memory)");
      check.points = r.non_negative(r.require(c, "points", "technique check '" + check.name + "'"), "points");
      rubric.technique.push_back(check);
    }
  }

  if (const YAML::Node f = root["forbidden"])
    for (const auto& name : r.sequence(f, "forbidden")) rubric.forbidden.push_back(r.string(name, "a forbidden name"));

  if (const YAML::Node l = root["limits"]) {
    r.allow_keys(l, "limits", {"build_seconds", "test_seconds"});
    if (l["build_seconds"]) rubric.limits.build_seconds = r.non_negative(l["build_seconds"], "build_seconds");
    if (l["test_seconds"]) rubric.limits.test_seconds = r.non_negative(l["test_seconds"], "test_seconds");
  }

  if (const YAML::Node c = root["cpu_checks"]) {
    r.allow_keys(c, "cpu_checks", {"sanitizer_max_dim", "race_max_dim", "orders"});
    if (c["sanitizer_max_dim"]) rubric.cpu_checks.sanitizer_max_dim = r.integer(c["sanitizer_max_dim"], "sanitizer_max_dim", 0);
    if (c["race_max_dim"]) rubric.cpu_checks.race_max_dim = r.integer(c["race_max_dim"], "race_max_dim", 0);
    if (c["orders"]) {
      rubric.cpu_checks.orders.clear();
      for (const auto& o : r.sequence(c["orders"], "orders")) {
        std::string order = r.string(o, "an order");
        if (order != "forward" && order != "reverse" && order.rfind("random:", 0) != 0)
          r.fail(o, "an order is forward, reverse or random:<seed>, not '" + order + "'");
        rubric.cpu_checks.orders.push_back(order);
      }
      if (rubric.cpu_checks.orders.empty()) r.fail(c["orders"], "orders must list at least one order");
    }
  }

  const fs::path folder = fs::path(path).parent_path();
  if (folder.filename() != rubric.assignment)
    r.fail(root["assignment"], "assignment is '" + rubric.assignment + "' but the rubric is in the folder '" +
                                   folder.filename().string() + "'");
  if (!fs::exists(folder / "harness.cpp"))
    throw RubricError(path, 0, 0, "the assignment folder has no harness.cpp next to the rubric");
  return rubric;
}

std::string describe_shape(const Rubric& rubric, const Dims& dims) {
  if (rubric.square && !dims.empty()) return "Width " + std::to_string(dims[0]);
  return format_dims(dims);
}

double total_points(const Rubric& rubric) {
  double total = 0;
  for (const auto& g : rubric.correctness) total += g.points;
  for (const auto& i : rubric.performance.items) total += i.points;
  for (const auto& t : rubric.technique) total += t.points;
  return total;
}

}  // namespace kit
