// The files `grader release` writes into a student tree rather than copies: its README, the script that
// checks every assignment, and the GitHub Actions workflow that runs that script on every push.
#pragma once

#include <string>
#include <vector>

namespace kit {

struct ReleasedAssignment {
  std::string name;          // matmul-naive
  std::string title;         // Naive matrix multiplication
  std::string student_file;  // matmul_naive.cu
};

// README.md for students: what is here, how to build, how to check, where the handouts are.
std::string student_readme(const std::vector<ReleasedAssignment>& assignments);

// scripts/check-all.sh: builds the grader as scripts/grader does (scripts/build.sh) and runs `grader check`
// on every assignment's file, keeping each one's points per group for GitHub Classroom. CI runs exactly
// this, so a local run of it is a run of CI.
std::string check_all_script(const std::vector<ReleasedAssignment>& assignments);

// .github/workflows/check.yml: on every push, scripts/check-all.sh on ubuntu-latest, then GitHub Classroom's
// autograding reporter with one runner per assignment (reports/report_classroom.h).
std::string check_workflow(const std::vector<ReleasedAssignment>& assignments);

}  // namespace kit
