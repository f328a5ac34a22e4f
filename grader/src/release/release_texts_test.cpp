#include "release/release_texts.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

const std::vector<ReleasedAssignment> kTwo = {{"matmul-naive", "Naive matrix multiplication", "matmul_naive.cu"},
                                              {"blur", "Blurring a picture", "blur.cu"}};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(StudentReadme, NamesEveryHandoutAndFile) {
  const std::string readme = student_readme(kTwo);
  EXPECT_TRUE(has(readme, "[assignments/matmul-naive/README.md](assignments/matmul-naive/README.md)"));
  EXPECT_TRUE(has(readme, "`starter/blur/blur.cu`"));
  EXPECT_TRUE(has(readme, "Blurring a picture"));
  EXPECT_TRUE(has(readme, "scripts/grader check matmul-naive"));
  EXPECT_TRUE(has(readme, "scripts/check-all.sh"));
}

TEST(CheckAllScript, ChecksEveryAssignmentWithTheReadmesBuild) {
  const std::string script = check_all_script(kTwo);
  EXPECT_EQ(script.rfind("#!/usr/bin/env bash\n", 0), 0u);
  EXPECT_TRUE(has(script, "for assignment in matmul-naive blur; do"));
  EXPECT_TRUE(has(script, "scripts/build.sh"));  // the build scripts/grader makes: one configuration
  EXPECT_TRUE(has(script, "--format classroom --output \"build/classroom/$assignment.json\" \"$@\""));
  EXPECT_TRUE(has(script, ">>\"$GITHUB_OUTPUT\""));
}

TEST(CheckWorkflow, RunsTheCheckScriptAndReportsEveryAssignmentToClassroom) {
  const std::string workflow = check_workflow(kTwo);
  EXPECT_TRUE(has(workflow, "on: [push, workflow_dispatch]"));
  EXPECT_TRUE(has(workflow, "runs-on: ubuntu-latest"));
  EXPECT_TRUE(has(workflow, "uses: actions/checkout@v4"));
  EXPECT_TRUE(has(workflow, "run: scripts/check-all.sh\n"));
  EXPECT_TRUE(has(workflow, "uses: classroom-resources/autograding-grading-reporter@v1"));
  EXPECT_TRUE(has(workflow, "MATMUL-NAIVE_RESULTS: \"${{ steps.check.outputs.matmul-naive }}\""));
  EXPECT_TRUE(has(workflow, "runners: matmul-naive,blur\n"));
  EXPECT_TRUE(has(workflow, "if: always()"));
}

}  // namespace
}  // namespace kit
