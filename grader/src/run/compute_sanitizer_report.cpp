#include "run/compute_sanitizer_report.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The report's lines without compute-sanitizer's "========= " prefix and indentation.
std::vector<std::string> report_lines(const std::string& report) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < report.size()) {
    std::size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    std::string line = report.substr(start, end - start);
    start = end + 1;
    if (line.rfind("========= ", 0) == 0) line.erase(0, 10);
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    lines.push_back(line);
  }
  return lines;
}

// "matmul_naive.cu:27" in `line` -> file and line; false when the student's file is not named.
bool student_line(const std::string& line, const std::string& student_file, Finding& d) {
  const std::string name = fs::path(student_file).filename().string() + ":";
  const std::size_t at = line.find(name);
  if (at == std::string::npos) return false;
  const int number = std::atoi(line.c_str() + at + name.size());
  if (number <= 0) return false;
  d.file = name.substr(0, name.size() - 1);
  d.line = number;
  return true;
}

}  // namespace

std::string sanitizer_findings(const std::string& report, const std::string& student_file) {
  const std::string name = fs::path(student_file).filename().string();
  std::string found;
  std::size_t kept = 0;
  for (const std::string& line : report_lines(report)) {
    if (kept >= 12) break;
    if (line.find("Race") != std::string::npos || line.find("hazard") != std::string::npos ||
        line.find("Invalid ") != std::string::npos || line.find("by thread") != std::string::npos ||
        line.find("out of bounds") != std::string::npos || line.find(name + ":") != std::string::npos) {
      found += (found.empty() ? "" : "\n") + line;
      ++kept;
    }
  }
  return found.empty() ? last_lines(report, 12) : found;
}

Finding racecheck_finding(const std::string& report, const std::string& student_file) {
  Finding d;
  d.category = Category::race;
  for (const std::string& line : report_lines(report))
    if (student_line(line, student_file, d)) break;
  return d;
}

Finding memcheck_finding(const std::string& report, const std::string& student_file) {
  Finding d;
  const std::vector<std::string> lines = report_lines(report);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("Invalid ", 0) != 0) continue;
    const bool write = line.find(" write ") != std::string::npos;
    if (line.find("__global__") != std::string::npos)
      d.category = write ? Category::out_of_bounds_write : Category::out_of_bounds_read;
    else if (line.find("__shared__") != std::string::npos)
      d.category = write ? Category::shared_out_of_bounds_write : Category::shared_out_of_bounds_read;
    else d.category = Category::invalid_address;
    // The access's location follows on the next lines ("at kernel(...)+0x70 in .../file.cu:27").
    for (std::size_t j = i + 1; j < lines.size() && j < i + 6; ++j)
      if (student_line(lines[j], student_file, d)) break;
    return d;
  }
  return d;
}

}  // namespace kit
