// Where a rubric is parsed and validated. Every error names the file, line and column of the offending
// node and says what was expected, so an instructor can fix it without reading this code.
#include "assignment/rubric.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include <kitcpu/virtual_device.h>
#include <yaml-cpp/yaml.h>

#include "assignment/kit_tree.h"
#include "assignment/technique_spec.h"
#include "assignment/yaml_file.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;


bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

struct RubricReader {
  std::string file;
  std::vector<std::string> kit_trees;  // where the files a rubric names are looked up, in order

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
      if (!allowed.count(key))
        fail(entry.first, "unknown key '" + key + "' in " + what + " (allowed: " +
                              comma_list(std::vector<std::string>(allowed.begin(), allowed.end())) + ")");
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

  Visibility visibility(const YAML::Node& node) const {
    const std::string v = string(node, "visibility");
    for (Visibility k : {Visibility::visible, Visibility::hidden, Visibility::after_due_date})
      if (v == visibility_name(k)) return k;
    fail(node, "visibility must be visible, hidden or after_due_date, not '" + v + "'");
  }

  HiddenTests hidden_tests(const YAML::Node& node) const {
    const std::string v = string(node, "hidden_tests");
    HiddenTests rule = HiddenTests::nothing;
    if (!parse_hidden_tests(v, &rule))
      fail(node, "hidden_tests must be one of " + comma_list(hidden_tests_names()) + " (what students see of the "
                 "hidden tests), not '" + v + "'");
    return rule;
  }

  const Problem* problem(const YAML::Node& node) const {
    const std::string name = string(node, "problem");
    const Problem* p = find_problem(name);
    if (!p) fail(node, "unknown problem '" + name + "' (known: " + comma_list(problem_names()) + ")");
    return p;
  }

  // A size: a number (square assignments) or one extent per axis, "67x53x64".
  Dims shape(const YAML::Node& node, bool square, const Problem& problem) const {
    const std::size_t axes = problem.axes.size();
    const std::string example = "dimensions like " + format_dims(Dims(axes, 64));
    if (!node.IsScalar()) fail(node, "a size must be a number or a string like " + format_dims(Dims(axes, 64)));
    const std::string text = node.as<std::string>();
    Dims dims;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      std::size_t x = text.find('x', pos);
      std::string part = text.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
      if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
        fail(node, "'" + text + "' is not a size: write a whole number, or " + example);
      if (part.size() > 9) fail(node, "'" + text + "' is too large for a size");
      long v = std::stol(part);
      if (v < 1) fail(node, "sizes must be at least 1, not " + part);
      dims.push_back(v);
      if (x == std::string::npos) break;
      pos = x + 1;
    }
    if (dims.size() == 1 && square) return Dims(axes, dims[0]);
    if (dims.size() != axes)
      fail(node, "'" + text + "' has " + std::to_string(dims.size()) + " dimensions; the problem " + problem.name +
                     " has " + std::to_string(axes) + " (" + comma_list(problem.axes) + ")" +
                     (square ? " (or write one number for a square size)" : ""));
    if (square)
      for (long d : dims)
        if (d != dims[0]) fail(node, "this assignment is square: write one number, not '" + text + "'");
    return dims;
  }

  void file_exists(const YAML::Node& node, const std::string& relative) const {
    if (!fs::exists(find_in_trees(kit_trees, relative)))
      fail(node, "the file '" + relative + "' does not exist (paths are relative to the top folder of the course's " +
                     "tree or the kit: " + comma_list(kit_trees) + ")");
  }

  // A mapping of knob names to values; with `declared`, every name must be one of them.
  Knobs knobs(const YAML::Node& node, const std::string& what, const Knobs* declared) const {
    expect_map(node, what);
    Knobs result;
    for (const auto& entry : node) {
      const std::string name = string(entry.first, "a knob name");
      if (!is_identifier(name)) fail(entry.first, "'" + name + "' is not a macro name");
      if (declared) {
        bool known = false;
        std::vector<std::string> names;
        for (const Knob& k : *declared) {
          known = known || k.name == name;
          names.push_back(k.name);
        }
        if (!known)
          fail(entry.first, "'" + name + "' is not one of the rubric's knobs (" +
                                (names.empty() ? std::string("none are declared: add a top-level `knobs:`")
                                               : comma_list(names)) + ")");
      }
      result.push_back({name, integer(entry.second, "knob " + name, 1)});
    }
    return result;
  }

  std::size_t function(const YAML::Node& node, const Rubric& rubric) const {
    const std::string name = string(node, "function");
    std::vector<std::string> names;
    for (std::size_t i = 0; i < rubric.functions.size(); ++i) {
      if (rubric.functions[i].name == name) return i;
      names.push_back(rubric.functions[i].name);
    }
    fail(node, "no function named '" + name + "' (the rubric's functions: " + comma_list(names) + ")");
  }
};

std::vector<CurvePoint> read_curve(const RubricReader& r, const YAML::Node& node) {
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

// `functions:` entries are a name (solving the rubric's `problem`) or {name, problem}; without the key,
// one function named after the first student file.
void read_functions(const RubricReader& r, const YAML::Node& root, Rubric& rubric) {
  const Problem* default_problem = root["problem"] ? r.problem(root["problem"]) : nullptr;
  if (const YAML::Node list = root["functions"]) {
    std::set<std::string> seen;
    for (const auto& f : r.sequence(list, "functions")) {
      Function fn;
      if (f.IsScalar()) {
        fn.name = f.as<std::string>();
        fn.problem = default_problem;
        if (!fn.problem) r.fail(f, "function '" + fn.name + "' needs a problem: write {name: " + fn.name +
                                       ", problem: ...} or give the rubric a top-level `problem`");
      } else {
        r.allow_keys(f, "a function", {"name", "problem"});
        fn.name = r.string(r.require(f, "name", "a function"), "name");
        fn.problem = f["problem"] ? r.problem(f["problem"]) : default_problem;
        if (!fn.problem) r.fail(f, "function '" + fn.name + "' needs a problem");
      }
      if (!is_identifier(fn.name)) r.fail(f, "'" + fn.name + "' is not a C function name");
      if (!seen.insert(fn.name).second) r.fail(f, "two functions are named '" + fn.name + "'");
      rubric.functions.push_back(fn);
    }
    if (rubric.functions.empty()) r.fail(list, "functions must list at least one function");
    return;
  }
  if (!default_problem) r.fail(root, "the rubric needs the key 'problem' (or a list of `functions` with theirs)");
  const std::string& file = rubric.student_files.front();
  rubric.functions.push_back({file.substr(0, file.rfind('.')), default_problem});
}

// A group's virtual devices: names from the CPU backend's table, each once.
std::vector<std::string> read_devices(const RubricReader& r, const YAML::Node& list) {
  std::vector<std::string> devices;
  for (const auto& d : r.sequence(list, "devices")) {
    const std::string key = r.string(d, "a device");
    if (!kitcpu::find_virtual_device(key.c_str())) {
      std::vector<std::string> names;
      for (const kitcpu::VirtualDevice& v : kitcpu::kVirtualDevices) names.push_back(v.key);
      r.fail(d, "no virtual device '" + key + "' (there are " + comma_list(names) + ")");
    }
    if (std::find(devices.begin(), devices.end(), key) != devices.end()) r.fail(d, "device '" + key + "' is listed twice");
    devices.push_back(key);
  }
  if (devices.empty()) r.fail(list, "devices must list at least one device");
  return devices;
}

CorrectnessGroup read_group(const RubricReader& r, const YAML::Node& g, const Rubric& rubric) {
  r.allow_keys(g, "a correctness group",
               {"group", "points", "visibility", "function", "sizes", "random", "builds", "inputs", "seeds",
                "size_unit", "devices", "device_tile"});
  CorrectnessGroup group;
  group.name = r.string(r.require(g, "group", "a correctness group"), "group");
  group.points = r.non_negative(r.require(g, "points", "group '" + group.name + "'"), "points");
  if (g["visibility"]) group.visibility = r.visibility(g["visibility"]);
  if (g["function"]) group.function = r.function(g["function"], rubric);
  const Problem& problem = *rubric.functions[group.function].problem;
  if (g["seeds"]) group.seeds = static_cast<int>(r.integer(g["seeds"], "seeds", 1));
  if (g["sizes"])
    for (const auto& s : r.sequence(g["sizes"], "sizes")) group.shapes.push_back(r.shape(s, rubric.square, problem));
  if (const YAML::Node rnd = g["random"]) {
    r.allow_keys(rnd, "random", {"count", "min", "max"});
    group.random.count = static_cast<int>(r.integer(r.require(rnd, "count", "random"), "count", 1));
    group.random.min = r.integer(r.require(rnd, "min", "random"), "min", 1);
    group.random.max = r.integer(r.require(rnd, "max", "random"), "max", group.random.min);
  }
  if (g["builds"])
    for (const auto& b : r.sequence(g["builds"], "builds")) group.builds.push_back(r.knobs(b, "a build", &rubric.knobs));
  if (const YAML::Node inputs = g["inputs"]) {
    group.inputs = r.string(inputs, "inputs");
    if (!find_variant(problem, group.inputs)) {
      std::vector<std::string> names;
      for (const InputVariant& v : problem.variants) names.push_back(v.name);
      r.fail(inputs, "the problem " + problem.name + " has no inputs named '" + group.inputs + "' (it has " +
                         comma_list(names) + ")");
    }
  }
  if (const YAML::Node unit = g["size_unit"]) {
    group.size_unit = r.string(unit, "size_unit");
    bool declared = false;
    for (const Knob& k : rubric.knobs) declared = declared || k.name == group.size_unit;
    if (!declared) r.fail(unit, "size_unit must name one of the rubric's knobs, not '" + group.size_unit + "'");
  }
  if (g["devices"]) group.devices = read_devices(r, g["devices"]);
  if (const YAML::Node tile = g["device_tile"]) {
    r.allow_keys(tile, "device_tile", {"widest", "bytes_per_thread"});
    // Bounded so that a tile's bytes cannot overflow: no device has more than 1024 threads per block.
    const YAML::Node widest = r.require(tile, "widest", "device_tile");
    const YAML::Node bytes = r.require(tile, "bytes_per_thread", "device_tile");
    group.device_tile.widest = static_cast<int>(r.integer(widest, "widest", 1));
    group.device_tile.bytes_per_thread = static_cast<int>(r.integer(bytes, "bytes_per_thread", 0));
    if (group.device_tile.widest > 1024) r.fail(widest, "widest must be at most 1024");
    if (group.device_tile.bytes_per_thread > 1 << 20) r.fail(bytes, "bytes_per_thread must be at most 1048576");
  }
  if (group.shapes.empty() && group.random.count == 0)
    r.fail(g, "group '" + group.name + "' has no sizes: give sizes, random, or both");
  return group;
}

Baseline read_baseline(const RubricReader& r, const YAML::Node& b, const Rubric& rubric) {
  r.allow_keys(b, "a baseline", {"name", "assignment", "file", "function", "problem"});
  Baseline base;
  base.name = r.string(r.require(b, "name", "a baseline"), "name");
  base.assignment = b["assignment"] ? r.string(b["assignment"], "assignment") : rubric.assignment;
  base.file = r.string(r.require(b, "file", "baseline '" + base.name + "'"), "file");
  r.file_exists(b["file"], base.file);
  if (!fs::exists(find_in_trees(r.kit_trees, "assignments/" + base.assignment + "/harness.cpp")))
    r.fail(b["assignment"] ? b["assignment"] : b, "no assignment '" + base.assignment + "' with a harness.cpp");
  if (b["function"]) {
    base.function = r.string(b["function"], "function");
    if (base.function != kDeviceCopyEntry && base.assignment == rubric.assignment) r.function(b["function"], rubric);
  } else if (base.assignment != rubric.assignment) {
    // Through another assignment's harness: the entry its file is named after (matmul_naive.cu: matmul_naive).
    base.function = fs::path(base.file).stem().string();
  }
  if (b["problem"]) base.problem = r.problem(b["problem"]);
  return base;
}

// An item's `anchor`: another of the rubric's baselines, timed through the item's function as the item's
// baseline is, and a curve that reaches full marks, which the anchor earns where the curve is scaled to it.
void read_anchor(const RubricReader& r, const YAML::Node& it, const std::vector<Baseline>& baselines,
                 const Function& fn, PerformanceItem& item) {
  const YAML::Node node = it["anchor"];
  const Baseline* anchor = nullptr;
  std::vector<std::string> names;
  for (const Baseline& b : baselines) {
    if (b.name == item.anchor) anchor = &b;
    names.push_back(b.name);
  }
  if (!anchor)
    r.fail(node, "the anchor '" + item.anchor + "' is not a baseline (the rubric's baselines: " + comma_list(names) +
                     ")");
  if (item.anchor == item.baseline)
    r.fail(node, "the anchor must be another baseline than the item's own: '" + item.baseline +
                     "' against itself is always 1x; name the baseline whose ratio to it the curve was drawn for "
                     "(e.g. reference)");
  bool full = false;
  for (const CurvePoint& p : item.curve) full = full || p.fraction >= 1;
  if (!full)
    r.fail(it["curve"], "an anchored curve must reach full marks (a fraction of 1): where the curve is scaled, "
                        "the anchor '" + item.anchor + "' earns exactly that");
  item.anchor_function = anchor->function.empty() ? fn.name : anchor->function;
  item.anchor_problem = anchor->problem ? anchor->problem : fn.problem;
}

void read_performance(const RubricReader& r, const YAML::Node& p, Rubric& rubric) {
  r.allow_keys(p, "performance", {"size", "metric", "baselines", "items", "rounds", "max_seconds"});
  Performance& perf = rubric.performance;
  // Items first: they say which functions are timed, and so which problem the size is a size of.
  for (const auto& it : r.sequence(r.require(p, "items", "performance"), "items")) {
    r.allow_keys(it, "a performance item", {"name", "function", "baseline", "points", "curve", "anchor"});
    PerformanceItem item;
    item.name = r.string(r.require(it, "name", "a performance item"), "name");
    if (it["function"]) item.function = r.function(it["function"], rubric);
    item.baseline = r.string(r.require(it, "baseline", "item '" + item.name + "'"), "baseline");
    item.points = r.non_negative(r.require(it, "points", "item '" + item.name + "'"), "points");
    item.curve = read_curve(r, r.require(it, "curve", "item '" + item.name + "'"));
    if (it["anchor"]) item.anchor = r.string(it["anchor"], "anchor");
    perf.items.push_back(item);
  }
  if (perf.items.empty()) r.fail(p["items"], "items must list at least one item");
  const Problem& problem = *rubric.functions[perf.items.front().function].problem;
  perf.shape = r.shape(r.require(p, "size", "performance"), rubric.square, problem);
  perf.metric = problem.metric;
  if (const YAML::Node m = p["metric"])
    if (!parse_metric(r.string(m, "metric"), &perf.metric)) r.fail(m, "metric must be GFLOP/s or GB/s");

  std::set<std::string> baselines;
  for (const auto& b : r.sequence(r.require(p, "baselines", "performance"), "baselines")) {
    Baseline base = read_baseline(r, b, rubric);
    if (!baselines.insert(base.name).second) r.fail(b, "two baselines are named '" + base.name + "'");
    perf.baselines.push_back(base);
  }
  // Every timed problem must take the size, and do work the metric can count: GFLOP/s of a copy is 0.
  auto check_problem = [&](const Problem& q, const YAML::Node& where) {
    if (q.axes.size() != perf.shape.size())
      r.fail(where, "the performance size has " + std::to_string(perf.shape.size()) + " dimensions; the problem " +
                        q.name + " has " + std::to_string(q.axes.size()));
    const Work w = q.work(perf.shape);
    if (!(throughput(w, perf.metric, 1.0) > 0))
      r.fail(p["metric"] ? p["metric"] : p, "the problem " + q.name + " does no work counted in " +
                                                metric_unit(perf.metric) + ": choose the other metric");
  };
  // Each item times the student's function against its baseline, through the baseline's own function or,
  // when it names none, the same function in the baseline's file.
  for (std::size_t i = 0; i < perf.items.size(); ++i) {
    PerformanceItem& item = perf.items[i];
    const YAML::Node it = p["items"][i];
    const Function& fn = rubric.functions[item.function];
    const Baseline* base = nullptr;
    for (const Baseline& b : perf.baselines)
      if (b.name == item.baseline) base = &b;
    if (!base) r.fail(it["baseline"], "no baseline named '" + item.baseline + "'");
    item.baseline_function = base->function.empty() ? fn.name : base->function;
    item.baseline_problem = base->problem ? base->problem : fn.problem;
    check_problem(*fn.problem, it);
    check_problem(*item.baseline_problem, it);
    if (!item.anchor.empty()) {
      read_anchor(r, it, perf.baselines, fn, item);
      check_problem(*item.anchor_problem, it);
    }
  }
  if (p["rounds"]) perf.rounds = static_cast<int>(r.integer(p["rounds"], "rounds", 1));
  if (p["max_seconds"]) perf.max_seconds = r.non_negative(p["max_seconds"], "max_seconds");
  perf.label = describe_shape(rubric, perf.shape);
}

void read_technique(const RubricReader& r, const YAML::Node& t, Rubric& rubric) {
  std::vector<std::string> kinds;
  for (const TechniqueSpec& k : technique_specs()) kinds.push_back(k.name);
  for (const auto& c : r.sequence(t, "technique")) {
    r.expect_map(c, "a technique check");
    TechniqueCheck check;
    check.name = r.string(r.require(c, "name", "a technique check"), "name");
    const YAML::Node kind_node = r.require(c, "check", "technique check '" + check.name + "'");
    check.check = r.string(kind_node, "check");
    const TechniqueSpec* kind = find_technique_spec(check.check);
    if (!kind) r.fail(kind_node, "unknown technique check '" + check.check + "' (known: " + comma_list(kinds) + ")");
    std::set<std::string> allowed = {"name", "check", "points"};
    if (kind->runs_the_function) allowed.insert({"function", "size"});
    for (const TechniqueLimit& limit : kind->limits) allowed.insert(limit.name);
    r.allow_keys(c, "technique check '" + check.name + "' (" + check.check + ")", allowed);
    check.points = r.non_negative(r.require(c, "points", "technique check '" + check.name + "'"), "points");
    if (kind->runs_the_function) {
      if (c["function"]) check.function = r.function(c["function"], rubric);
      check.size = r.shape(r.require(c, "size", "technique check '" + check.name + "'"), rubric.square,
                           *rubric.functions[check.function].problem);
    }
    for (const TechniqueLimit& limit : kind->limits)
      check.limits[limit.name] = c[limit.name] ? r.non_negative(c[limit.name], limit.name) : limit.default_value;
    rubric.technique.push_back(check);
  }
}

void read_cpu_checks(const RubricReader& r, const YAML::Node& c, CpuChecks& checks) {
  r.allow_keys(c, "cpu_checks", {"sanitizer_max_dim", "race_max_dim", "orders", "repeats_max_volume"});
  if (c["sanitizer_max_dim"]) checks.sanitizer_max_dim = r.integer(c["sanitizer_max_dim"], "sanitizer_max_dim", 0);
  if (c["race_max_dim"]) checks.race_max_dim = r.integer(c["race_max_dim"], "race_max_dim", 0);
  if (c["repeats_max_volume"]) checks.repeats_max_volume = r.integer(c["repeats_max_volume"], "repeats_max_volume", 0);
  if (c["orders"]) {
    checks.orders.clear();
    for (const auto& o : r.sequence(c["orders"], "orders")) {
      std::string order = r.string(o, "an order");
      if (order != "forward" && order != "reverse" && order.rfind("random:", 0) != 0)
        r.fail(o, "an order is forward, reverse or random:<seed>, not '" + order + "'");
      checks.orders.push_back(order);
    }
    if (checks.orders.empty()) r.fail(c["orders"], "orders must list at least one order");
  }
}

}  // namespace

const char* visibility_name(Visibility v) {
  switch (v) {
    case Visibility::visible: return "visible";
    case Visibility::hidden: return "hidden";
    case Visibility::after_due_date: return "after_due_date";
  }
  return "visible";
}

Rubric load_rubric(const std::string& path, const std::vector<std::string>& kit_trees) {
  RubricReader r{path, kit_trees};
  if (!fs::exists(path)) throw RubricError(path, 0, 0, "the rubric file does not exist");
  const YAML::Node root = load_yaml_file(path, "rubric");
  if (!root || root.IsNull()) throw RubricError(path, 0, 0, "the rubric is empty");
  r.allow_keys(root, "the rubric",
               {"assignment", "title", "problem", "functions", "student_files", "square", "knobs", "seed", "tolerance",
                "correctness", "hidden_tests", "performance", "technique", "forbidden", "limits", "cpu_checks",
                "questions"});

  Rubric rubric;
  rubric.path = path;
  rubric.assignment = r.string(r.require(root, "assignment", "the rubric"), "assignment");
  rubric.title = r.string(r.require(root, "title", "the rubric"), "title");
  for (const auto& f : r.sequence(r.require(root, "student_files", "the rubric"), "student_files")) {
    std::string name = r.string(f, "a student file");
    if (name.find('/') != std::string::npos) r.fail(f, "student files are plain file names, without folders");
    rubric.student_files.push_back(name);
  }
  if (rubric.student_files.empty()) r.fail(root["student_files"], "student_files must name at least one file");
  read_functions(r, root, rubric);
  // `square: Width` names the one size; `square: true` calls it "size".
  if (const YAML::Node sq = root["square"]) {
    const std::string text = r.string(sq, "square");
    if (text == "false" || text == "true") rubric.square = r.boolean(sq, "square");
    else if (is_identifier(text)) rubric.square = true, rubric.square_name = text;
    else r.fail(sq, "square must be true, false or the name of the one size (e.g. Width), not '" + text + "'");
  }
  if (root["knobs"]) rubric.knobs = r.knobs(root["knobs"], "knobs", nullptr);
  if (root["seed"]) rubric.seed = static_cast<std::uint64_t>(r.integer(root["seed"], "seed", 0));

  if (const YAML::Node t = root["tolerance"]) {
    r.allow_keys(t, "tolerance", {"policy", "safety"});
    if (t["policy"]) {
      const std::string policy = r.string(t["policy"], "tolerance policy");
      if (policy == "exact") rubric.tolerance.policy = Tolerance::Policy::exact;
      else if (policy != "reduction-length") r.fail(t["policy"], "the tolerance policy must be reduction-length or exact");
    }
    if (t["safety"]) rubric.tolerance.safety = r.non_negative(t["safety"], "tolerance safety");
  }

  std::set<std::string> group_names;
  for (const auto& g : r.sequence(r.require(root, "correctness", "the rubric"), "correctness")) {
    rubric.correctness.push_back(read_group(r, g, rubric));
    if (!group_names.insert(rubric.correctness.back().name).second)
      r.fail(g["group"], "two correctness groups are named '" + rubric.correctness.back().name + "'");
  }
  if (rubric.correctness.empty()) r.fail(root["correctness"], "correctness must list at least one group");
  if (const YAML::Node h = root["hidden_tests"]) rubric.hidden_tests = r.hidden_tests(h);

  if (const YAML::Node p = root["performance"]) read_performance(r, p, rubric);
  if (const YAML::Node t = root["technique"]) read_technique(r, t, rubric);
  if (const YAML::Node f = root["forbidden"])
    for (const auto& name : r.sequence(f, "forbidden")) rubric.forbidden.push_back(r.string(name, "a forbidden name"));
  if (const YAML::Node l = root["limits"]) {
    r.allow_keys(l, "limits", {"build_seconds", "test_seconds", "run_seconds", "submission_seconds"});
    if (l["build_seconds"]) rubric.limits.build_seconds = r.non_negative(l["build_seconds"], "build_seconds");
    if (l["test_seconds"]) rubric.limits.test_seconds = r.non_negative(l["test_seconds"], "test_seconds");
    if (l["run_seconds"]) rubric.limits.run_seconds = r.non_negative(l["run_seconds"], "run_seconds");
    if (l["submission_seconds"])
      rubric.limits.submission_seconds = r.non_negative(l["submission_seconds"], "submission_seconds");
  }
  if (const YAML::Node c = root["cpu_checks"]) read_cpu_checks(r, c, rubric.cpu_checks);

  const fs::path folder = fs::path(path).parent_path();
  // The written questions: a file in the assignment's folder, validated with the rubric (assignment/questions.h).
  if (const YAML::Node q = root["questions"]) {
    const std::string name = r.string(q, "questions");
    if (name.empty() || name.find('/') != std::string::npos || name[0] == '.')
      r.fail(q, "questions names a file in the assignment's folder, e.g. questions.yaml");
    if (!fs::is_regular_file(folder / name))
      r.fail(q, "the questions file '" + name + "' is not in " + folder.string());
    rubric.questions = load_questions((folder / name).string());
  }
  if (folder.filename() != rubric.assignment)
    r.fail(root["assignment"], "assignment is '" + rubric.assignment + "' but the rubric is in the folder '" +
                                   folder.filename().string() + "'");
  if (!fs::exists(folder / "harness.cpp"))
    throw RubricError(path, 0, 0, "the assignment folder has no harness.cpp next to the rubric");
  return rubric;
}

std::string describe_shape(const Rubric& rubric, const Dims& dims) {
  if (rubric.square && !dims.empty()) return rubric.square_name + " " + std::to_string(dims[0]);
  return format_dims(dims);
}

double total_points(const Rubric& rubric) {
  double total = 0;
  for (const auto& g : rubric.correctness) total += g.points;
  for (const auto& i : rubric.performance.items) total += i.points;
  for (const auto& t : rubric.technique) total += t.points;
  return total + graded_points(rubric.questions) + pending_points(rubric.questions);
}

}  // namespace kit
