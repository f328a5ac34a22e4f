#include "class/class_report_similarity.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <sstream>

#include "assignment/kit_tree.h"
#include "class/class_roster.h"
#include "grading/grade.h"
#include "util/errors.h"
#include "util/text.h"

namespace fs = std::filesystem;

namespace kit {
namespace {

// Source files are compared; answers and data files are not code.
bool is_source(const std::string& file) {
  const std::string ext = fs::path(file).extension().string();
  return ext == ".cu" || ext == ".cuh" || ext == ".h" || ext == ".hpp" || ext == ".cpp" || ext == ".cc";
}

// A student's file is read here with the instructor's rights, outside any sandbox: only a plain file (not a
// link to somewhere else) of a source file's size is.
constexpr std::uintmax_t kMaxSourceBytes = 1 << 20;

// The student's source files in `folder`, one after the other.
std::string sources_in(const std::string& folder, const std::vector<std::string>& files) {
  std::string text;
  for (const std::string& f : files) {
    const fs::path path = fs::path(folder) / f;
    std::error_code ec;
    if (!is_source(f) || fs::symlink_status(path, ec).type() != fs::file_type::regular) continue;
    if (fs::file_size(path, ec) > kMaxSourceBytes || ec) continue;
    text += read_text_file(path.string());
  }
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

std::vector<ReportPair> report_pairs(const std::vector<SimilarPair>& pairs, const std::vector<SimilaritySource>& sources,
                                     const std::vector<std::string>& names) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < sources.size(); ++i) index[sources[i].name] = i;
  std::vector<ReportPair> out;
  for (const SimilarPair& p : pairs) {
    const std::size_t a = index.at(p.a), b = index.at(p.b);
    ReportPair r;
    r.a = names[a];
    r.b = names[b];
    r.score = p.score;
    for (const MatchedRegion& m : p.regions) r.regions.push_back({m.a.first, m.a.last, m.b.first, m.b.last});
    r.lines_a = lines_of(sources[a].text);
    r.lines_b = lines_of(sources[b].text);
    out.push_back(std::move(r));
  }
  return out;
}

void add_similarity(ClassReport& report, const std::vector<ClassResult>& results, const std::string& assignment,
                    const std::string& submissions_dir, const ClassReportOptions& options,
                    const SimilarityOptions& similarity) {
  Rubric rubric;
  try {
    rubric = load_assignment_rubric(assignment);
  } catch (const UserError&) {
    report.similarity_note = "Not compared: the assignment " + assignment + " is not in this kit (or its course tree), "
                             "so its starter, which every student was given, cannot be taken out.";
    return;
  }
  // Where each student's files are: the folder the batch graded, or the class's folder found anew.
  std::map<std::string, std::string> folders;
  if (!submissions_dir.empty())
    for (const Student& s : discover_class(submissions_dir, assignment, rubric.student_files).students)
      if (!s.submission.empty()) folders[s.key] = s.submission;
  std::vector<SimilaritySource> sources;
  std::vector<std::string> names;
  int unreadable = 0;
  for (const ClassResult& r : results) {
    if (r.status != ClassStatus::graded) continue;
    const std::string folder = submissions_dir.empty() ? r.result.submission : folders[r.key];
    const std::string text = folder.empty() ? "" : sources_in(folder, rubric.student_files);
    if (text.empty()) {
      ++unreadable;
      continue;
    }
    sources.push_back({r.key, text});
    names.push_back(report_name(r, options));
  }
  std::vector<std::string> base;
  for (const std::string& tree_folder : {"starter/", "solutions/"})
    for (const std::string& f : rubric.student_files)
      if (is_source(f))
        if (std::string text = read_text_file(kit_file(tree_folder + assignment + "/" + f)); !text.empty()) base.push_back(text);

  report.similar = report_pairs(similar_pairs(sources, base, similarity), sources, names);
  std::ostringstream note;
  note << sources.size() << " graded submissions compared by winnowed token fingerprints (identifiers and numbers "
       << "normalised), with the starter and the reference solution taken out as given code; a pair is listed when "
       << "it shares " << static_cast<int>(100 * similarity.threshold + 0.5) << "% of the smaller submission's own "
       << "code, at least " << similarity.min_shared_tokens << " tokens. A listed pair is a reason to look, not a verdict.";
  if (unreadable > 0)
    note << " " << unreadable << (unreadable == 1 ? " submission" : " submissions")
         << " could not be read where the batch found them: give --submissions with the class's folder.";
  if (report.similar.empty()) note << " No pair looks copied.";
  report.similarity_note = note.str();
}

}  // namespace kit
