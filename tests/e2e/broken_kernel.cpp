#include "broken_kernel.h"

#include <fstream>
#include <map>
#include <sstream>

#include "unified_diff.h"

namespace kit_e2e {

namespace fs = std::filesystem;

namespace {

const char* const kBackends[] = {"cpu", "cuda"};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw PatchError("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

BrokenKernel load_broken_kernel(const fs::path& patch) {
  const fs::path absolute = fs::absolute(patch).lexically_normal();
  const fs::path folder = absolute.parent_path();
  if (absolute.extension() != ".patch" || (folder.filename() != "broken" && folder.filename() != "correct") ||
      folder.parent_path().parent_path().filename() != "assignments")
    throw PatchError(patch.string() + " is not assignments/<assignment>/broken/<name>.patch or correct/<name>.patch");
  BrokenKernel k;
  k.assignment = folder.parent_path().filename().string();
  k.name = absolute.stem().string();
  const fs::path kit = folder.parent_path().parent_path().parent_path();
  try {
    const UnifiedDiff diff = parse_unified_diff(read_file(absolute));
    // Only the assignment's own solution, named the same on both sides: the patch changes that file's
    // contents, never which file is graded.
    const fs::path solution = fs::path(diff.old_path);
    const std::string expected = "solutions/" + k.assignment + "/";
    if (diff.old_path.rfind(expected, 0) != 0 || solution.parent_path() != fs::path(expected).parent_path() ||
        solution.extension() != ".cu" || diff.new_path != diff.old_path)
      throw PatchError("its '---' and '+++' lines name " + diff.old_path + " and " + diff.new_path +
                       ", not the same solutions/" + k.assignment + "/<file>.cu");
    k.student_file = solution.filename().string();
    k.header = diff.header;
    k.source = apply_unified_diff(diff, read_file(kit / solution));
  } catch (const PatchError& e) {
    throw PatchError(patch.string() + ": " + e.what());
  }
  return k;
}

Expectations read_expectations(const std::string& header, const std::string& backend) {
  Expectations e;
  std::map<std::string, std::vector<std::string>*> lists = {{"expect-fail", &e.fail_groups},
                                                            {"expect-pass", &e.pass_groups},
                                                            {"expect-text", &e.texts},
                                                            {"expect-diagnosis", &e.diagnoses}};
  std::vector<std::pair<std::string, std::string>> entries;
  std::istringstream in(header);
  std::string line;
  for (int number = 1; std::getline(in, line) && !trimmed(line).empty(); ++number) {
    if (line[0] == ' ' || line[0] == '\t') {
      if (entries.empty()) throw PatchError("line 1 of the header continues a value, but no key comes before it");
      entries.back().second += " " + trimmed(line);
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos)
      throw PatchError("line " + std::to_string(number) + " of the header is not 'key: value': '" + line + "'");
    entries.emplace_back(trimmed(line.substr(0, colon)), trimmed(line.substr(colon + 1)));
  }
  // A key with a backend's suffix ("expect-fail-cpu") adds to the plain key's values on that backend only.
  for (const auto& [key, value] : entries) {
    if (key == "bug") {
      e.bug = value;
      continue;
    }
    if (lists.count(key)) {
      lists[key]->push_back(value);
      continue;
    }
    bool known = false;
    for (std::size_t b = 0; b < std::size(kBackends) && !known; ++b) {
      const std::string suffix = std::string("-") + kBackends[b];
      if (key.size() > suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0 &&
          lists.count(key.substr(0, key.size() - suffix.size()))) {
        known = true;
        if (backend == kBackends[b]) lists[key.substr(0, key.size() - suffix.size())]->push_back(value);
      }
    }
    if (!known)
      throw PatchError("the header's key '" + key + "' is none of bug, expect-fail, expect-pass, expect-text, "
                       "expect-diagnosis (each may end in -cpu or -cuda)");
  }
  if (e.bug.empty()) throw PatchError("the header has no 'bug:' line saying what is wrong");
  return e;
}

VariantHeader read_variant(const std::string& header) {
  VariantHeader v;
  std::istringstream in(header);
  std::string line, last_key;
  for (int number = 1; std::getline(in, line) && !trimmed(line).empty(); ++number) {
    if ((line[0] == ' ' || line[0] == '\t') && last_key == "style") {
      v.style += " " + trimmed(line);
      continue;
    }
    const std::size_t colon = line.find(':');
    const std::string key = colon == std::string::npos ? "" : trimmed(line.substr(0, colon));
    const std::string value = colon == std::string::npos ? "" : trimmed(line.substr(colon + 1));
    if (key == "style" && v.style.empty()) {
      v.style = value;
    } else if (key == "not-on" && (value == "cpu" || value == "cuda")) {
      v.not_on.push_back(value);
    } else {
      throw PatchError("line " + std::to_string(number) + " of the header is not 'style: ...' (once) or 'not-on: cpu' "
                       "or 'not-on: cuda': '" + line + "'");
    }
    last_key = key;
  }
  if (v.style.empty()) throw PatchError("the header has no 'style:' line saying how this way differs from the solution");
  return v;
}

}  // namespace kit_e2e
