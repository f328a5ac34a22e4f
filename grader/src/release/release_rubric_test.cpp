#include "release/release_rubric.h"

#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include "util/errors.h"

namespace kit {
namespace {

const char* kRubric = R"(assignment: matmul-naive
title: Naive matrix multiplication
problem: matmul
student_files: [matmul_naive.cu]
seed: 408001
correctness:
  - group: small sizes
    points: 10
    sizes: [1, 2, 3, 5]
  - group: hidden random sizes
    points: 10
    visibility: hidden
    random: {count: 6, min: 1, max: 611}
  - group: after the deadline
    points: 5
    visibility: after_due_date
    sizes: [997]
  - group: visible random sizes
    points: 5
    visibility: visible
    random: {count: 2, min: 1, max: 40}
performance:
  size: 4096
  baselines:
    - name: reference
      file: solutions/matmul-naive/matmul_naive.cu
    - name: tiled
      assignment: matmul-tiled
      file: solutions/matmul-tiled/matmul_tiled.cu
  items:
    - name: throughput
      baseline: reference
      points: 20
      curve: [[0.5, 0.0], [0.9, 1.0]]
    - name: throughput against the tiled kernel
      baseline: tiled
      anchor: reference
      points: 10
      curve: [[0.3, 0.0], [0.6, 1.0]]
limits:
  build_seconds: 180
)";

TEST(StudentRubric, KeepsTheVisibleGroupsAndEverythingElse) {
  const YAML::Node released = YAML::Load(student_rubric(kRubric, "rubric.yaml").text);
  ASSERT_EQ(released["correctness"].size(), 2u);
  EXPECT_EQ(released["correctness"][0]["group"].as<std::string>(), "small sizes");
  EXPECT_EQ(released["correctness"][0]["sizes"].size(), 4u);
  EXPECT_EQ(released["correctness"][1]["group"].as<std::string>(), "visible random sizes");
  EXPECT_EQ(released["seed"].as<int>(), 408001);
  EXPECT_EQ(released["student_files"][0].as<std::string>(), "matmul_naive.cu");
  EXPECT_EQ(released["limits"]["build_seconds"].as<int>(), 180);
}

TEST(StudentRubric, DropsHiddenGroupsAndPerformance) {
  const StudentRubric r = student_rubric(kRubric, "rubric.yaml");
  EXPECT_FALSE(YAML::Load(r.text)["performance"]);
  EXPECT_EQ(r.text.find("anchor"), std::string::npos);  // anchored curves go with the rest of performance
  EXPECT_EQ(r.text.find("611"), std::string::npos);  // the hidden range
  EXPECT_EQ(r.text.find("997"), std::string::npos);  // the after-due-date size
  EXPECT_EQ(r.text.find("solutions/"), std::string::npos);
  EXPECT_EQ(r.text.find("hidden"), r.text.find("hidden tests"));  // only the header's words
  ASSERT_EQ(r.left_out.size(), 3u);
  EXPECT_NE(r.left_out[0].find("'hidden random sizes' (hidden)"), std::string::npos);
  EXPECT_NE(r.left_out[1].find("'after the deadline' (after_due_date)"), std::string::npos);
  EXPECT_NE(r.left_out[2].find("performance"), std::string::npos);
}

TEST(StudentRubric, RefusesARubricWithNothingVisible) {
  const std::string rubric = "assignment: a\ncorrectness:\n  - group: g\n    visibility: hidden\n    sizes: [3]\n";
  try {
    student_rubric(rubric, "assignments/a/rubric.yaml");
    FAIL() << "no visible group was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("assignments/a/rubric.yaml has no visible correctness group"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace kit
