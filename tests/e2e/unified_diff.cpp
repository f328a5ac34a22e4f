#include "unified_diff.h"

#include <cstdlib>
#include <regex>

namespace kit_e2e {

namespace {

// Lines without their '\n'. A text that does not end with one has its last line refused: the kit's
// sources all end with a newline, and "\ No newline at end of file" is not supported.
std::vector<std::string> split_lines(const std::string& text, const std::string& what) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) throw PatchError(what + " does not end with a newline");
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

const char* const kNoFinalNewline = ": files without a final newline are not supported";

std::string at_line(int line) { return "line " + std::to_string(line) + " of the patch"; }

// "--- a/solutions/x.cu\t2026-01-01 ..." -> "solutions/x.cu"
std::string path_of(const std::string& line, const std::string& git_prefix) {
  const std::size_t tab = line.find('\t');
  std::string path = line.substr(4, tab == std::string::npos ? std::string::npos : tab - 4);
  if (path.rfind(git_prefix, 0) == 0) path.erase(0, git_prefix.size());
  return path;
}

Hunk parse_hunk_header(const std::string& line, int number) {
  static const std::regex header(R"(^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@.*$)");
  std::smatch m;
  if (!std::regex_match(line, m, header))
    throw PatchError(at_line(number) + " is not a hunk header (@@ -a,b +c,d @@): '" + line + "'");
  Hunk h;
  h.old_start = std::atoi(m[1].str().c_str());
  h.old_count = m[2].matched ? std::atoi(m[2].str().c_str()) : 1;
  h.new_start = std::atoi(m[3].str().c_str());
  h.new_count = m[4].matched ? std::atoi(m[4].str().c_str()) : 1;
  h.patch_line = number;
  return h;
}

// Where else the hunk's old lines stand in the file, for the message when they do not stand where the
// hunk says: "; its lines stand at line 64 now, 1 line further down", or "" when they stand nowhere.
std::string found_elsewhere(const Hunk& h, const std::vector<std::string>& file) {
  std::vector<std::string> old;
  for (const std::string& l : h.lines)
    if (l[0] != '+') old.push_back(l.substr(1));
  if (old.empty()) return "";
  for (std::size_t at = 0; at + old.size() <= file.size(); ++at) {
    if (!std::equal(old.begin(), old.end(), file.begin() + static_cast<long>(at))) continue;
    const int moved = static_cast<int>(at) + 1 - h.old_start;
    return "; its lines stand at line " + std::to_string(at + 1) + " now, " + std::to_string(std::abs(moved)) +
           (std::abs(moved) == 1 ? " line" : " lines") + (moved > 0 ? " further down" : " further up");
  }
  return "";
}

}  // namespace

UnifiedDiff parse_unified_diff(const std::string& text) {
  const std::vector<std::string> lines = split_lines(text, "the patch");
  UnifiedDiff diff;
  std::size_t i = 0;
  while (i < lines.size() && lines[i].rfind("--- ", 0) != 0) diff.header += lines[i++] + "\n";
  if (i == lines.size()) throw PatchError("the patch has no '--- ' line: it is not a unified diff");
  if (i + 1 == lines.size() || lines[i + 1].rfind("+++ ", 0) != 0)
    throw PatchError(at_line(static_cast<int>(i) + 2) + " should be the '+++ ' line that follows '--- '");
  diff.old_path = path_of(lines[i], "a/");
  diff.new_path = path_of(lines[i + 1], "b/");
  i += 2;
  while (i < lines.size()) {
    if (lines[i].rfind("\\", 0) == 0) throw PatchError(at_line(static_cast<int>(i) + 1) + kNoFinalNewline);
    Hunk h = parse_hunk_header(lines[i], static_cast<int>(i) + 1);
    ++i;
    int old_seen = 0, new_seen = 0;
    while (old_seen < h.old_count || new_seen < h.new_count) {
      if (i == lines.size()) throw PatchError("the hunk at " + at_line(h.patch_line) + " ends early: the patch stops");
      // An empty line is a context line whose trailing space an editor removed.
      const std::string line = lines[i].empty() ? " " : lines[i];
      const char kind = line[0];
      if (kind == '\\') throw PatchError(at_line(static_cast<int>(i) + 1) + kNoFinalNewline);
      if (kind != ' ' && kind != '-' && kind != '+')
        throw PatchError(at_line(static_cast<int>(i) + 1) + " is inside the hunk at " + at_line(h.patch_line) +
                         " but starts with neither ' ', '-' nor '+'");
      if (kind != '+') ++old_seen;
      if (kind != '-') ++new_seen;
      if (old_seen > h.old_count || new_seen > h.new_count)
        throw PatchError("the hunk at " + at_line(h.patch_line) + " has more lines than its header counts");
      h.lines.push_back(line);
      ++i;
    }
    if (!diff.hunks.empty() && h.old_start < diff.hunks.back().old_start + diff.hunks.back().old_count)
      throw PatchError("the hunk at " + at_line(h.patch_line) + " overlaps the one before it");
    diff.hunks.push_back(std::move(h));
    while (i < lines.size() && lines[i].empty()) ++i;  // blank lines after the last hunk
  }
  if (diff.hunks.empty()) throw PatchError("the patch has no hunk: it changes nothing");
  return diff;
}

std::string apply_unified_diff(const UnifiedDiff& diff, const std::string& original) {
  const std::vector<std::string> file = split_lines(original, diff.old_path);
  std::vector<std::string> out;
  std::size_t next = 0;  // the first line of `file` not yet copied
  for (std::size_t n = 0; n < diff.hunks.size(); ++n) {
    const Hunk& h = diff.hunks[n];
    const std::string hunk = "hunk " + std::to_string(n + 1) + " (" + at_line(h.patch_line) + ")";
    // "-5,0" inserts after line 5; "-5,3" replaces from line 5.
    const std::size_t start = static_cast<std::size_t>(h.old_count == 0 ? h.old_start : h.old_start - 1);
    if (start > file.size())
      throw PatchError(hunk + " starts at line " + std::to_string(h.old_start) + " of " + diff.old_path +
                       ", which has " + std::to_string(file.size()) + " lines");
    out.insert(out.end(), file.begin() + static_cast<long>(next), file.begin() + static_cast<long>(start));
    const std::size_t new_start = static_cast<std::size_t>(h.new_count == 0 ? h.new_start : h.new_start - 1);
    if (out.size() != new_start)
      throw PatchError(hunk + " says its new lines start at " + std::to_string(h.new_start) +
                       ", but they would start at " + std::to_string(out.size() + 1) + ": its header is wrong");
    std::size_t at = start;
    for (const std::string& line : h.lines) {
      const std::string text = line.substr(1);
      if (line[0] == '+') {
        out.push_back(text);
        continue;
      }
      if (at >= file.size() || file[at] != text) {
        const std::string found = at < file.size() ? "reads '" + file[at] + "'" : "the file ends before it";
        throw PatchError(hunk + " does not apply: line " + std::to_string(at + 1) + " of " + diff.old_path +
                         " should read '" + text + "' but " + found + found_elsewhere(h, file) +
                         ". The file changed since the patch was made: make the patch again");
      }
      if (line[0] == ' ') out.push_back(text);
      ++at;
    }
    next = at;
  }
  out.insert(out.end(), file.begin() + static_cast<long>(next), file.end());
  std::string text;
  for (const std::string& line : out) text += line + "\n";
  return text;
}

}  // namespace kit_e2e
