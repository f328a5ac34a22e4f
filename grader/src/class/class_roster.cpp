#include "class/class_roster.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <system_error>

#include <yaml-cpp/yaml.h>

#include "class/safe_file_name.h"
#include "class/timestamp.h"
#include "submission/intake.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

constexpr const char* kGradescopeMetadata = "submission_metadata.yml";
constexpr const char* kGradescopePrefix = "submission_";
// A clone holds its file a few folders down at most; a student's tree of thousands of files is not
// searched to the end.
constexpr int kMaxDepth = 4;
constexpr int kMaxEntriesSearched = 20000;


bool is_real_folder(const fs::path& path) {
  std::error_code ec;
  return fs::symlink_status(path, ec).type() == fs::file_type::directory;
}

// The student folders at the top of `dir`: real folders (no links), not hidden, not `skip`.
std::vector<fs::path> top_folders(const fs::path& dir, const fs::path& skip) {
  std::vector<fs::path> folders;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.' || !is_real_folder(e.path())) continue;
    if (!skip.empty() && fs::equivalent(e.path(), skip, ec)) continue;
    folders.push_back(e.path());
  }
  std::sort(folders.begin(), folders.end());
  return folders;
}

// Where the student's files are: the folder itself, or the shallowest subfolder holding `file`.
void find_submission(Student& s, const std::string& file) {
  std::deque<std::pair<fs::path, int>> queue = {{s.folder, 0}};
  std::vector<fs::path> found;
  int found_depth = -1, searched = 0;
  while (!queue.empty() && searched < kMaxEntriesSearched) {
    const auto [folder, depth] = queue.front();
    queue.pop_front();
    if (found_depth >= 0 && depth > found_depth) break;
    std::error_code ec;
    std::vector<fs::path> below;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
      if (++searched > kMaxEntriesSearched) break;
      const std::string name = e.path().filename().string();
      if (name == file && !is_real_folder(e.path())) {
        found.push_back(folder);
        found_depth = depth;
      } else if (depth < kMaxDepth && !name.empty() && name[0] != '.' && is_real_folder(e.path())) {
        below.push_back(e.path());
      }
    }
    std::sort(below.begin(), below.end());
    for (const fs::path& p : below) queue.push_back({p, depth + 1});
  }
  if (found.size() == 1) {
    s.submission = found.front().string();
  } else if (found.empty()) {
    s.missing = "no " + file + " in the folder";
  } else {
    s.missing = "several folders hold " + file + " (" + fs::relative(found[0], s.folder).string() + ", " +
                fs::relative(found[1], s.folder).string() + "): keep one";
  }
}

// A YAML scalar by key, with or without the leading colon Gradescope's (Ruby) keys carry; "" when absent.
std::string roster_field(const YAML::Node& map, const std::string& key) {
  for (const std::string& k : {":" + key, key}) {
    const YAML::Node value = map[k];
    if (value && value.IsScalar()) return value.Scalar();
  }
  return {};
}

YAML::Node list_field(const YAML::Node& map, const std::string& key) {
  for (const std::string& k : {":" + key, key}) {
    const YAML::Node value = map[k];
    if (value && value.IsSequence()) return value;
  }
  return {};
}

// What the export's metadata says of one submission_<id>.
struct GradescopeEntry {
  std::vector<Person> people;
  std::string submitted_at;  // its :created_at:, recorded by Gradescope's server when the student submitted
};

// submission_<id> -> who submitted it and when, from the export's metadata. Whatever is missing or malformed
// is done without: the folder's name then stands for the student, and the batch's time for the submission's.
std::map<std::string, GradescopeEntry> read_gradescope_metadata(const fs::path& file,
                                                                std::vector<std::string>& warnings) {
  std::map<std::string, GradescopeEntry> people;
  YAML::Node top;
  try {
    top = YAML::LoadFile(file.string());
  } catch (const std::exception& e) {
    warnings.push_back(std::string(kGradescopeMetadata) + " could not be read (" + e.what() +
                       "): students are named by their submission folders");
    return people;
  }
  if (!top.IsMap()) {
    warnings.push_back(std::string(kGradescopeMetadata) + " is not a map of submissions: students are named by "
                       "their submission folders");
    return people;
  }
  for (const auto& entry : top) {
    if (!entry.first.IsScalar() || !entry.second.IsMap()) continue;
    GradescopeEntry& e = people[entry.first.Scalar()];
    std::vector<Person>& who = e.people;
    if (const std::string created = roster_field(entry.second, "created_at"); !created.empty()) {
      std::string why;
      if (const auto t = parse_timestamp(created, &why)) e.submitted_at = timestamp_text(*t);
      else
        warnings.push_back(std::string(kGradescopeMetadata) + ": " + entry.first.Scalar() + "'s created_at '" +
                           created + "' " + why + ": its submission takes the batch's time (--submitted-at)");
    }
    const YAML::Node submitters = list_field(entry.second, "submitters");
    if (!submitters) continue;
    for (const YAML::Node& s : submitters) {
      if (!s.IsMap()) continue;
      Person p{roster_field(s, "name"), roster_field(s, "sid"), roster_field(s, "email")};
      if (p.name.empty()) p.name = !p.email.empty() ? p.email : p.sid;
      if (!p.name.empty()) who.push_back(p);
    }
  }
  return people;
}

}  // namespace

const char* to_string(RosterLayout layout) {
  switch (layout) {
    case RosterLayout::folders: return "one folder per student";
    case RosterLayout::gradescope: return "Gradescope submissions export";
    case RosterLayout::github_classroom: return "GitHub Classroom clones";
  }
  return "?";
}

ClassRoster discover_class(const std::string& dir, const std::string& assignment,
                           const std::vector<std::string>& student_files, const std::string& skip) {
  const fs::path root = fs::absolute(dir).lexically_normal();
  if (!is_real_folder(root))
    throw UserError("--submissions " + quoted_for_message(dir) + " is not a folder: give the folder that holds one "
                    "folder per student (or a Gradescope export, or GitHub Classroom clones)");
  ClassRoster roster;
  const std::vector<fs::path> folders = top_folders(root, skip.empty() ? fs::path() : fs::absolute(skip));
  std::error_code ec;
  const std::string clone_prefix = assignment + "-";
  const bool all_clones = !folders.empty() && std::all_of(folders.begin(), folders.end(), [&](const fs::path& f) {
    const std::string name = f.filename().string();
    return starts_with(name, clone_prefix) && name.size() > clone_prefix.size();
  });
  std::map<std::string, GradescopeEntry> gradescope;
  if (fs::exists(root / kGradescopeMetadata, ec)) {
    roster.layout = RosterLayout::gradescope;
    gradescope = read_gradescope_metadata(root / kGradescopeMetadata, roster.warnings);
  } else if (all_clones) {
    roster.layout = RosterLayout::github_classroom;
  }

  for (const fs::path& folder : folders) {
    const std::string name = folder.filename().string();
    if (roster.layout == RosterLayout::gradescope && !starts_with(name, kGradescopePrefix)) continue;
    Student s;
    // The name is the students' doing; the key names files, so it is made safe (class/safe_file_name.h).
    const std::string who = roster.layout == RosterLayout::github_classroom ? name.substr(clone_prefix.size()) : name;
    s.key = safe_file_name(who);
    s.folder = folder.string();
    if (roster.layout == RosterLayout::gradescope) {
      s.people = gradescope[name].people;
      s.submitted_at = gradescope[name].submitted_at;
    }
    if (s.people.empty()) s.people.push_back({who, "", ""});
    if (!student_files.empty()) find_submission(s, student_files.front());
    for (const std::string& file : student_files)
      if (!s.submission.empty() && !fs::exists(fs::path(s.submission) / file, ec)) {
        s.missing = "no " + file + " beside " + student_files.front();
        s.submission.clear();
      }
    roster.students.push_back(s);
  }
  std::sort(roster.students.begin(), roster.students.end(),
            [](const Student& a, const Student& b) { return a.key < b.key; });
  return roster;
}

}  // namespace kit
