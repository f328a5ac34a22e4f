#include "class/class_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "class/leaderboard.h"
#include "result/regrade.h"
#include "util/text.h"

namespace kit {
namespace {

// How many lines of a test's details the example of a misconception shows: the headline and the first
// lines of evidence are what a teacher reads; the rest is in the student's own report.
constexpr std::size_t kExampleDetailLines = 8;

// A failed correctness or build test that carries no diagnosis is still something the class got wrong:
// it is counted under this name, so that what the grader could not explain is seen too.
constexpr const char* kUndiagnosed = "no diagnosis";

bool was_measured(const TestResult& t) { return t.status == TestStatus::passed || t.status == TestStatus::failed; }

double points_lost_in(const TestResult& t) { return std::max(0.0, t.max_score - t.score); }

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string joined_with_plus(const std::set<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " + ") + p;
  return out;
}

// The first `count` lines of `text`.
std::string first_lines_of(const std::string& text, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t i = 0; i < count; ++i) {
    end = text.find('\n', end);
    if (end == std::string::npos) return text;
    ++end;
  }
  return text.substr(0, end - 1);
}

void replace_every(std::string& text, const std::string& what, const std::string& with) {
  if (what.empty()) return;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
}

// A test's message and the first lines of its details, with whatever names the student (their folder,
// their key, their names, ids and emails) replaced by their report name.
std::string anonymous_example(const TestResult& t, const ClassResult& r, const std::string& name) {
  std::string text = t.message;
  if (!t.details.empty()) text += "\n" + first_lines_of(t.details, kExampleDetailLines);
  std::vector<std::string> identifying = {r.result.submission, r.key};
  for (const Person& p : r.people) identifying.insert(identifying.end(), {p.name, p.sid, p.email});
  // The longest first, so that a folder is replaced before the key it contains.
  std::sort(identifying.begin(), identifying.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& id : identifying)
    if (id.size() >= 3) replace_every(text, id, name);  // shorter ones would hit ordinary words
  return with_invalid_utf8_replaced(text);
}

std::string group_and_test(const TestResult& t) { return t.group.empty() ? t.name : t.group + ": " + t.name; }

// The throughput a performance test recorded for the student, and its unit, when it measured one.
bool measured_throughput(const TestResult& t, double* value, std::string* unit) {
  for (const auto& [key, name] : {std::pair<const char*, const char*>{"gflops", "GFLOP/s"}, {"gbps", "GB/s"}})
    if (const auto found = t.metrics.find(key); found != t.metrics.end() && std::isfinite(found->second) && found->second > 0) {
      *value = found->second;
      *unit = name;
      return true;
    }
  return false;
}

struct MisconceptionTally {
  Misconception m;
  std::set<std::string> students;
};

struct FailureTally {
  FailureCount f;
  std::set<std::string> failed, measured;
};

struct ThroughputTally {
  ThroughputSpread spread;
  std::vector<double> baselines;
};

}  // namespace

std::string report_name(const ClassResult& result, const ClassReportOptions& options) {
  if (!options.real_names) return pseudonym(result.key, options.salt);
  std::vector<std::string> names;
  for (const Person& p : result.people) names.push_back(p.name.empty() ? result.key : p.name);
  return names.empty() ? result.key : comma_list(names);
}

ClassReport make_class_report(const std::vector<ClassResult>& results, const ClassReportOptions& options) {
  ClassReport report;
  report.real_names = options.real_names;
  std::set<std::string> backends, devices;
  std::vector<double> scores;
  std::vector<MisconceptionTally> misconceptions;
  std::vector<FailureTally> tests, groups;
  std::map<std::string, PendingAnswer> pending;
  std::vector<std::string> pending_order;
  std::map<std::tuple<std::string, std::string, std::string>, TechniqueFinding> technique;
  std::vector<std::tuple<std::string, std::string, std::string>> technique_order;
  std::vector<ThroughputTally> throughput;

  auto tally_of = [](std::vector<FailureTally>& all, const FailureCount& f) -> FailureTally& {
    for (FailureTally& t : all)
      if (t.f.group == f.group && t.f.test == f.test) return t;
    all.push_back({f, {}, {}});
    return all.back();
  };

  for (const ClassResult& r : results) {
    const GradeResult& g = r.result;
    if (report.assignment.empty()) report.assignment = g.assignment, report.title = g.title;
    ++report.students;
    const std::string name = report_name(r, options);
    report.roster.push_back({name, gradebook_status(r), g.score, g.max_score});
    if (r.status == ClassStatus::no_submission) ++report.no_submission;
    if (r.status == ClassStatus::error) ++report.errors;
    if (r.status != ClassStatus::graded) continue;
    ++report.graded;
    if (needs_regrade(r)) ++report.to_regrade;
    backends.insert(g.backend);
    if (!g.device.name.empty()) devices.insert(g.device.name);
    report.max_score = std::max(report.max_score, g.max_score);
    scores.push_back(g.score);

    std::set<std::string> groups_failed;
    for (const TestResult& t : g.tests) {
      if (graded_by_a_person(t)) {
        if (!pending.count(t.name)) pending_order.push_back(t.name);
        PendingAnswer& p = pending[t.name];
        p.question = t.name;
        ++p.students;
        p.points += t.max_score;
        continue;
      }
      if (!was_measured(t)) continue;
      const bool failed = t.status == TestStatus::failed;
      FailureTally& test = tally_of(tests, {t.group, t.name, t.category.name, t.visibility});
      FailureTally& group = tally_of(groups, {t.group, "", t.category.name, t.visibility});
      test.measured.insert(r.key);
      group.measured.insert(r.key);
      if (failed) {
        test.failed.insert(r.key);
        test.f.points_lost += points_lost_in(t);
        group.failed.insert(r.key);
        group.f.points_lost += points_lost_in(t);
        groups_failed.insert(t.group);
      }

      if (t.category == TestCategory::technique) {
        const auto key = std::make_tuple(t.name, std::string(to_string(t.status)), t.message);
        if (!technique.count(key)) technique_order.push_back(key);
        TechniqueFinding& finding = technique[key];
        finding = {t.name, to_string(t.status), t.message, finding.students + 1};
      }

      double value = 0;
      std::string unit;
      if (t.category == TestCategory::performance && measured_throughput(t, &value, &unit)) {
        auto found = std::find_if(throughput.begin(), throughput.end(), [&](const ThroughputTally& s) { return s.spread.test == t.name; });
        if (found == throughput.end()) found = throughput.insert(throughput.end(), ThroughputTally{{t.name, unit, {}, {}, 0}, {}});
        found->spread.students.push_back(value);
        if (const auto ratio = t.metrics.find("ratio"); ratio != t.metrics.end() && std::isfinite(ratio->second))
          found->spread.ratios.push_back(ratio->second);
        for (const auto& [metric, v] : t.metrics)
          if (metric == "baseline_gflops" || metric == "baseline_gbps") found->baselines.push_back(v);
      }

      const bool explainable = t.category == TestCategory::correctness || t.category == TestCategory::build;
      if (!failed || (t.diagnosis.category.empty() && !explainable)) continue;
      const std::string category = t.diagnosis.category.empty() ? kUndiagnosed : t.diagnosis.category;
      auto found = std::find_if(misconceptions.begin(), misconceptions.end(), [&](const MisconceptionTally& m) {
        return m.m.category == category && m.m.cause == t.diagnosis.cause;
      });
      if (found == misconceptions.end()) {
        Misconception m;
        m.category = category;
        m.cause = t.diagnosis.cause;
        m.example_student = name;
        m.example = group_and_test(t) + ": " + anonymous_example(t, r, name);
        m.handout = handout_section_for(options.handout_markdown, category);
        found = misconceptions.insert(misconceptions.end(), {m, {}});
      }
      found->students.insert(r.key);
      found->m.points_lost += points_lost_in(t);
      if (std::find(found->m.tests.begin(), found->m.tests.end(), group_and_test(t)) == found->m.tests.end())
        found->m.tests.push_back(group_and_test(t));
    }
  }

  report.backends = joined_with_plus(backends);
  for (const std::string& d : devices) report.devices += (report.devices.empty() ? "" : "; ") + d;
  report.median_score = median_of(scores);
  for (double s : scores) report.mean_score += s / static_cast<double>(scores.size());
  std::stable_sort(report.roster.begin(), report.roster.end(),
                   [](const ReportStudent& a, const ReportStudent& b) { return a.score > b.score; });

  for (MisconceptionTally& m : misconceptions) {
    m.m.students = static_cast<int>(m.students.size());
    report.misconceptions.push_back(m.m);
  }
  // Most points lost first; then the most students, then the name, so that the order never depends on
  // the order the students were read in.
  std::stable_sort(report.misconceptions.begin(), report.misconceptions.end(), [](const Misconception& a, const Misconception& b) {
    return std::tie(b.points_lost, b.students, a.category, a.cause) < std::tie(a.points_lost, a.students, b.category, b.cause);
  });
  auto failures = [](std::vector<FailureTally>& all) {
    std::vector<FailureCount> out;
    for (FailureTally& t : all) {
      t.f.failed = static_cast<int>(t.failed.size());
      t.f.measured = static_cast<int>(t.measured.size());
      if (t.f.failed > 0) out.push_back(t.f);
    }
    std::stable_sort(out.begin(), out.end(), [](const FailureCount& a, const FailureCount& b) {
      return std::tie(b.failed, b.points_lost) < std::tie(a.failed, a.points_lost);
    });
    return out;
  };
  report.tests = failures(tests);
  report.groups = failures(groups);
  for (const std::string& q : pending_order) report.pending.push_back(pending[q]);
  for (const auto& key : technique_order) report.technique.push_back(technique[key]);
  std::stable_sort(report.technique.begin(), report.technique.end(), [](const TechniqueFinding& a, const TechniqueFinding& b) {
    return std::tie(a.test, b.students) < std::tie(b.test, a.students);
  });
  for (ThroughputTally& t : throughput) {
    std::sort(t.spread.students.rbegin(), t.spread.students.rend());
    t.spread.baseline = median_of(t.baselines);
    report.throughput.push_back(t.spread);
  }
  return report;
}

nlohmann::json class_report_json(const ClassReport& report) {
  using nlohmann::json;
  // Points as the results and the gradebook show them: to the hundredth (a sum of thirds is no more exact).
  auto points = [](double v) { return std::round(v * 100) / 100; };
  json out;
  out["schema"] = "cuda-memory-kit/class-report/1";
  out["assignment"] = report.assignment;
  out["title"] = report.title;
  out["backends"] = report.backends;
  out["devices"] = report.devices;
  out["names"] = report.real_names ? "real" : "pseudonyms";
  out["counts"] = {{"students", report.students}, {"graded", report.graded}, {"no_submission", report.no_submission},
                   {"errors", report.errors}, {"regrade", report.to_regrade}};
  out["scores"] = {{"max_score", points(report.max_score)}, {"median", points(report.median_score)},
                   {"mean", points(report.mean_score)}};
  out["students"] = json::array();
  for (const ReportStudent& s : report.roster)
    out["students"].push_back({{"name", s.name}, {"status", s.status}, {"score", points(s.score)}, {"max_score", points(s.max_score)}});
  out["misconceptions"] = json::array();
  for (const Misconception& m : report.misconceptions)
    out["misconceptions"].push_back({{"category", m.category}, {"cause", m.cause}, {"students", m.students},
                                     {"points_lost", points(m.points_lost)}, {"tests", m.tests},
                                     {"example_student", m.example_student}, {"example", m.example},
                                     {"handout_section", m.handout.title}, {"handout_anchor", m.handout.anchor}});
  auto failures = [&points](const std::vector<FailureCount>& all) {
    json rows = json::array();
    for (const FailureCount& f : all) {
      json row = {{"group", f.group}, {"check", f.category}, {"visibility", f.visibility}, {"failed", f.failed},
                  {"measured", f.measured}, {"points_lost", points(f.points_lost)}};
      if (!f.test.empty()) row["test"] = f.test;
      rows.push_back(row);
    }
    return rows;
  };
  out["tests_failed"] = failures(report.tests);
  out["groups_failed"] = failures(report.groups);
  out["pending_answers"] = json::array();
  for (const PendingAnswer& p : report.pending)
    out["pending_answers"].push_back({{"question", p.question}, {"students", p.students}, {"points", points(p.points)}});
  out["technique"] = json::array();
  for (const TechniqueFinding& t : report.technique)
    out["technique"].push_back({{"test", t.test}, {"status", t.status}, {"message", t.message}, {"students", t.students}});
  out["throughput"] = json::array();
  for (const ThroughputSpread& t : report.throughput)
    out["throughput"].push_back({{"test", t.test}, {"unit", t.unit}, {"students", t.students}, {"ratios", t.ratios},
                                 {"baseline", t.baseline}});
  out["similarity"] = {{"note", report.similarity_note}, {"pairs", json::array()}};
  for (const ReportPair& p : report.similar) {
    json regions = json::array();
    for (const ReportRegion& r : p.regions)
      regions.push_back({{"a_lines", {r.a_first, r.a_last}}, {"b_lines", {r.b_first, r.b_last}}});
    out["similarity"]["pairs"].push_back({{"a", p.a}, {"b", p.b}, {"score", p.score}, {"regions", regions}});
  }
  return out;
}

}  // namespace kit
