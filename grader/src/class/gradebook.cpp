#include "class/gradebook.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "class/result_seal.h"
#include "class/timestamp.h"
#include "reports/report_json.h"
#include "result/regrade.h"
#include "submission/intake.h"
#include "util/csv.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;
using ordered = nlohmann::ordered_json;

// "100", "52.5", "33.33": points as a gradebook shows them.
std::string points_text(double points) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", points);
  std::string text = buf;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

// Student-made text (names, folder names, messages) on one line of a table, control characters shown
// as spaces, cut to `width` characters.
std::string one_line(const std::string& text, std::size_t width) {
  std::string out;
  for (char c : text) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  if (out.size() > width) out = out.substr(0, width - 3) + "...";
  return out;
}

// A test that ran to a verdict. Skipped (not measured) and error (the kit could not measure) did not.
bool measured(const TestResult& t) { return t.status == TestStatus::passed || t.status == TestStatus::failed; }

std::string joined_once(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts)
    if (!p.empty() && (" + " + out + " + ").find(" + " + p + " + ") == std::string::npos)
      out += (out.empty() ? "" : " + ") + p;
  return out;
}

std::string people_names(const ClassResult& r) {
  std::vector<std::string> names;
  for (const Person& p : r.people) names.push_back(p.name);
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : " & ") + n;
  return out.empty() ? r.key : out;
}

std::string string_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return {};
  if (!it->is_string()) throw std::runtime_error(std::string("result JSON: batch.") + key + ": expected a string");
  return it->get<std::string>();
}

// The rubric groups with points, in the order they first appear in the class's results.
std::vector<std::string> scored_groups(const std::vector<ClassResult>& results) {
  std::vector<std::string> groups;
  std::set<std::string> seen;
  for (const ClassResult& r : results)
    for (const TestResult& t : r.result.tests)
      if (t.max_score > 0 && seen.insert(t.group).second) groups.push_back(t.group);
  return groups;
}

// A row of text cells: names, headers, statuses, all neutralised (util/csv.h).
std::string text_row(const std::vector<std::string>& fields) {
  std::vector<std::string> cells;
  for (const std::string& f : fields) cells.push_back(csv_text(f));
  return csv_line(cells);
}

}  // namespace

const char* to_string(ClassStatus status) {
  switch (status) {
    case ClassStatus::graded: return "graded";
    case ClassStatus::no_submission: return "no submission";
    case ClassStatus::error: return "error";
  }
  return "?";
}

bool needs_regrade(const ClassResult& result) {
  return result.status == ClassStatus::graded && !regrade_reasons(result.result).empty();
}

std::string gradebook_status(const ClassResult& result) {
  return needs_regrade(result) ? "regrade" : to_string(result.status);
}

std::string render_class_result(const ClassResult& r, const std::string& secret) {
  ordered document = ordered::parse(render_json(r.result));
  ordered batch = ordered::object();
  batch["key"] = r.key;
  batch["status"] = to_string(r.status);
  ordered people = ordered::array();
  for (const Person& p : r.people) people.push_back({{"name", p.name}, {"sid", p.sid}, {"email", p.email}});
  batch["people"] = people;
  ordered files = ordered::object();
  for (const auto& [name, sha] : r.submission_sha256) files[name] = sha;
  batch["submission_sha256"] = files;
  batch["rubric_sha256"] = r.rubric_sha256;
  batch["seed"] = r.seed;
  batch["backend"] = r.backend;
  if (!r.submitted_at.empty()) batch["submitted_at"] = r.submitted_at;
  document["batch"] = batch;
  // Names come from folder names and metadata: bytes that are not UTF-8 become U+FFFD, never an error.
  return sealed_json_text(document, secret);
}

ClassResult class_result_from_json(const nlohmann::json& document, const std::string& key) {
  ClassResult r;
  r.result = result_from_json(document);
  r.key = key;
  const auto batch = document.find("batch");
  if (batch == document.end()) {
    r.people.push_back({key, "", ""});
    return r;
  }
  if (!batch->is_object()) throw std::runtime_error("result JSON: batch: expected an object");
  if (!string_field(*batch, "key").empty()) r.key = string_field(*batch, "key");
  const std::string status = string_field(*batch, "status");
  if (status == "no submission") r.status = ClassStatus::no_submission;
  else if (status == "error") r.status = ClassStatus::error;
  else if (status != "graded" && !status.empty())
    throw std::runtime_error("result JSON: batch.status: expected graded, no submission or error, got " + status);
  if (const auto people = batch->find("people"); people != batch->end() && people->is_array())
    for (const nlohmann::json& p : *people)
      if (p.is_object()) r.people.push_back({string_field(p, "name"), string_field(p, "sid"), string_field(p, "email")});
  if (r.people.empty()) r.people.push_back({r.key, "", ""});
  if (const auto files = batch->find("submission_sha256"); files != batch->end() && files->is_object())
    for (const auto& [name, sha] : files->items())
      if (sha.is_string()) r.submission_sha256[name] = sha.get<std::string>();
  r.rubric_sha256 = string_field(*batch, "rubric_sha256");
  r.seed = string_field(*batch, "seed");
  r.backend = string_field(*batch, "backend");
  r.submitted_at = string_field(*batch, "submitted_at");
  std::string why;
  if (!r.submitted_at.empty() && !parse_timestamp(r.submitted_at, &why))
    throw std::runtime_error("result JSON: batch.submitted_at: '" + r.submitted_at + "' " + why);
  return r;
}

std::string score_problem(const GradeResult& g) {
  // Sums of the same doubles in another order may differ in their last bits.
  const auto above = [](double a, double b) { return a > b + 1e-9 * std::max(1.0, std::fabs(b)); };
  double sum = 0;
  for (const TestResult& t : g.tests) {
    const std::string test = "test \"" + t.group + ": " + t.name + "\"";
    if (!std::isfinite(t.score) || !std::isfinite(t.max_score) || t.max_score < 0)
      return test + " has a score or maximum that is not a number of points";
    if (t.score < 0 || above(t.score, t.max_score))
      return test + " scores " + points_text(t.score) + " of at most " + points_text(t.max_score);
    sum += t.score;
  }
  if (!std::isfinite(g.score) || !std::isfinite(g.max_score)) return "its score or maximum is not a number of points";
  if (above(g.score, g.max_score)) return "it scores " + points_text(g.score) + " of at most " + points_text(g.max_score);
  // The grading rounds the total to hundredths of a point (round_points).
  if (std::fabs(g.score - sum) > 0.005 + 1e-9 * std::max(1.0, std::fabs(sum)))
    return "its score " + points_text(g.score) + " is not the sum of its tests' scores, " + points_text(sum);
  return "";
}

ClassResult read_batch_result(const std::string& path, const std::string& secret) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot be read");
  const nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
  if (document.is_discarded()) throw std::runtime_error("is not JSON");
  switch (check_seal(document, secret)) {
    case SealCheck::valid: break;
    case SealCheck::missing: throw std::runtime_error("carries no seal: it is not a result a batch wrote");
    case SealCheck::wrong:
      throw std::runtime_error("does not carry the seal of this batch's key: it was edited, or written by "
                               "another batch or by hand");
  }
  const std::string stem = fs::path(path).stem().string();
  ClassResult r = class_result_from_json(document, stem);
  if (r.key != stem) throw std::runtime_error("holds the result of " + r.key + ", not of " + stem);
  if (const std::string problem = score_problem(r.result); !problem.empty())
    throw std::runtime_error("has scores no grading gives: " + problem);
  r.file = path;
  return r;
}

std::vector<ClassResult> read_class_results(const std::string& dir, const std::string& secret) {
  fs::path folder(dir);
  std::error_code ec;
  if (fs::is_directory(folder / "results", ec)) folder /= "results";
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".json" && e.is_regular_file(ec)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<ClassResult> results;
  for (const fs::path& file : files) {
    try {
      results.push_back(read_batch_result(file.string(), secret));
    } catch (const std::exception& e) {
      throw UserError("the result " + quoted_for_message(file.string()) + " is refused: it " + e.what() +
                      ". Grade the student again (delete the file and run the batch again), or take the file out of "
                      "the results folder; nothing was written");
    }
  }
  std::sort(results.begin(), results.end(), [](const ClassResult& a, const ClassResult& b) { return a.key < b.key; });
  return results;
}

void check_one_rubric(const std::vector<std::vector<ClassResult>>& batches, const std::string& assignment_rubric_sha256) {
  const ClassResult* first = nullptr;
  for (const auto& batch : batches)
    for (const ClassResult& r : batch) {
      if (!first) {
        first = &r;
        if (!assignment_rubric_sha256.empty() && r.rubric_sha256 != assignment_rubric_sha256)
          throw UserError("the result " + quoted_for_message(r.file) + " was graded against another rubric than " +
                          r.result.assignment + "'s rubric here: grade the class again with this rubric, or make the "
                          "gradebook with the rubric it was graded with (--kit); nothing was written");
        continue;
      }
      if (r.result.assignment != first->result.assignment || r.rubric_sha256 != first->rubric_sha256) {
        const std::string how = r.result.assignment != first->result.assignment
                                     ? "were graded for different assignments (" + first->result.assignment + ", " +
                                           r.result.assignment + ")"
                                     : "were graded against different rubrics of " + r.result.assignment +
                                           " (it changed between them)";
        throw UserError("the results " + quoted_for_message(first->file) + " and " + quoted_for_message(r.file) + " " +
                        how + ": a gradebook holds one assignment graded one way; grade the class again, or leave "
                        "out the results of the other; nothing was written");
      }
    }
}

ClassResult merge_class_results(const std::vector<ClassResult>& results) {
  if (results.empty()) return {};
  std::vector<const ClassResult*> taking;
  for (const ClassResult& r : results)
    if (r.status == ClassStatus::graded) taking.push_back(&r);
  if (taking.empty()) {
    // Nothing graded anywhere: the last word is the latest batch's, an error before a missing file.
    const ClassResult* pick = &results.back();
    for (const ClassResult& r : results)
      if (r.status == ClassStatus::error) pick = &r;
    return *pick;
  }
  ClassResult merged = *taking.back();
  GradeResult& g = merged.result;
  g.tests.clear();
  g.score = g.max_score = g.execution_time_s = 0;
  std::vector<std::string> backends, devices;
  for (const ClassResult* r : taking) {
    backends.push_back(r->result.backend);
    devices.push_back(r->result.device.name);
    g.execution_time_s += r->result.execution_time_s;
    for (const TestResult& t : r->result.tests) {
      auto same = std::find_if(g.tests.begin(), g.tests.end(),
                               [&](const TestResult& m) { return m.group == t.group && m.name == t.name; });
      if (same == g.tests.end()) g.tests.push_back(t);
      else if (measured(t) || !measured(*same)) *same = t;
    }
  }
  for (const TestResult& t : g.tests) {
    g.score += t.score;
    g.max_score += t.max_score;
  }
  g.backend = joined_once(backends);
  g.device.name = joined_once(devices);
  for (const ClassResult& r : results)
    if (const auto t = parse_timestamp(r.submitted_at))
      if (const auto m = parse_timestamp(merged.submitted_at); !m || t->utc_seconds < m->utc_seconds)
        merged.submitted_at = r.submitted_at;
  return merged;
}

std::vector<ClassResult> merge_batches(const std::vector<std::vector<ClassResult>>& batches) {
  std::map<std::string, std::vector<ClassResult>> by_student;
  for (const auto& batch : batches)
    for (const ClassResult& r : batch) by_student[r.key].push_back(r);
  std::vector<ClassResult> merged;
  for (const auto& [key, results] : by_student) merged.push_back(merge_class_results(results));
  return merged;
}

std::string gradebook_points(double points) { return points_text(points); }

double gradebook_score(const ClassResult& result) {
  return result.policy ? std::max(0.0, result.result.score - result.policy->penalty) : result.result.score;
}

std::string render_gradebook(const std::vector<ClassResult>& results, GradebookFormat format) {
  std::string csv;
  const std::vector<std::string> groups = scored_groups(results);
  // Written answers a person grades: their points, not yet in the score, in a column of their own.
  const auto pending_points = [](const GradeResult& g) {
    double points = 0;
    for (const TestResult& t : g.tests)
      if (graded_by_a_person(t)) points += t.max_score;
    return points;
  };
  bool any_pending = false, any_policy = false;
  for (const ClassResult& r : results) {
    any_pending = any_pending || pending_points(r.result) > 0;
    any_policy = any_policy || r.policy.has_value();
  }
  if (format == GradebookFormat::kit) {
    std::vector<std::string> header = {"student", "sid", "email", "score", "max_score"};
    header.insert(header.end(), groups.begin(), groups.end());
    if (any_pending) header.push_back("pending (graded by a person)");
    for (const char* column : {"status", "backend", "device", "seconds"}) header.push_back(column);
    // A course policy's columns come last, so the columns before them stay where scripts expect them.
    if (any_policy)
      for (const char* column : {"submitted_at", "days_late", "penalty", "counted"}) header.push_back(column);
    csv += text_row(header);
  } else if (format == GradebookFormat::gradescope) {
    csv += text_row({"Name", "SID", "Email", "Total Score"});
  } else {
    std::string assignment = results.empty() ? "assignment" : results.front().result.assignment;
    double possible = 0;
    for (const ClassResult& r : results) possible = std::max(possible, r.result.max_score);
    csv += csv_line({csv_text("Student"), csv_text("ID"), csv_text("SIS User ID"), csv_text("SIS Login ID"),
                     csv_text("Section"), csv_text(assignment)});
    csv += csv_line({csv_text("Points Possible"), "", "", "", "", csv_number(points_text(possible))});
  }
  for (const ClassResult& r : results) {
    const GradeResult& g = r.result;
    for (const Person& p : r.people) {
      const std::string score = csv_number(points_text(gradebook_score(r)));
      if (format == GradebookFormat::gradescope) {
        csv += csv_line({csv_text(p.name), csv_text(p.sid), csv_text(p.email), score});
        continue;
      }
      if (format == GradebookFormat::canvas) {
        csv += csv_line({csv_text(p.name), "", csv_text(p.sid), csv_text(p.email.empty() ? p.name : p.email), "", score});
        continue;
      }
      std::vector<std::string> row = {csv_text(p.name), csv_text(p.sid), csv_text(p.email), score,
                                      csv_number(points_text(g.max_score))};
      for (const std::string& group : groups) {
        double points = 0;
        bool present = false;
        for (const TestResult& t : g.tests)
          if (t.group == group) {
            points += t.score;
            present = true;
          }
        row.push_back(present ? csv_number(points_text(points)) : "");
      }
      if (any_pending) row.push_back(csv_number(points_text(pending_points(g))));
      row.push_back(csv_text(gradebook_status(r)));
      row.push_back(csv_text(g.backend));
      row.push_back(csv_text(g.device.name));
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.1f", g.execution_time_s);
      row.push_back(csv_number(seconds));
      if (any_policy) {
        const PolicyOutcome outcome = r.policy.value_or(PolicyOutcome{});
        const bool counted = !outcome.submitted_at.empty();
        row.push_back(csv_text(outcome.submitted_at));
        row.push_back(counted ? csv_number(std::to_string(outcome.days_late)) : "");
        row.push_back(counted ? csv_number(points_text(outcome.penalty)) : "");
        row.push_back(csv_text(outcome.counted));
      }
      csv += csv_line(row);
    }
  }
  return csv;
}

std::string render_class_summary(const std::vector<ClassResult>& results) {
  struct Line {
    std::string student, score, status, submission, first_failure;
  };
  bool any_policy = false;
  for (const ClassResult& r : results) any_policy = any_policy || r.policy.has_value();
  std::vector<Line> lines = {{"student", "score", "status", any_policy ? "submission counted" : "", "first failing test"}};
  for (const ClassResult& r : results) {
    Line line{one_line(people_names(r), 32), points_text(gradebook_score(r)) + " / " + points_text(r.result.max_score),
              gradebook_status(r), "", ""};
    if (r.policy && !r.policy->counted.empty()) line.submission = r.policy->counted + "; " + r.policy->lateness;
    if (needs_regrade(r)) {
      const RegradeReason first = regrade_reasons(r.result).front();
      line.first_failure = one_line(first.name + ": " + first.why, 90);
    } else {
      for (const TestResult& t : r.result.tests)
        if (t.status == TestStatus::failed || t.status == TestStatus::error) {
          line.first_failure = one_line(t.name + ": " + t.message, 90);
          break;
        }
    }
    lines.push_back(line);
  }
  std::size_t w_student = 0, w_score = 0, w_status = 0, w_submission = 0;
  for (const Line& l : lines) {
    w_student = std::max(w_student, l.student.size());
    w_score = std::max(w_score, l.score.size());
    w_status = std::max(w_status, l.status.size());
    w_submission = std::max(w_submission, l.submission.size());
  }
  std::string table;
  auto pad = [](const std::string& text, std::size_t width) { return text + std::string(width - text.size(), ' '); };
  for (const Line& l : lines) {
    std::string row = pad(l.student, w_student) + "  " + std::string(w_score - l.score.size(), ' ') + l.score + "  " +
                      pad(l.status, w_status) + "  " + (any_policy ? pad(l.submission, w_submission) + "  " : "") +
                      l.first_failure;
    while (!row.empty() && row.back() == ' ') row.pop_back();
    table += row + "\n";
  }
  return table;
}

void write_file_whole(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw UserError("cannot write " + path + ": check that its folder exists and is writable");
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) throw UserError("cannot write " + path + ": " + ec.message());
}

}  // namespace kit
