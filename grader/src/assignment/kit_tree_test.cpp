// A course's tree before the kit's (assignment/kit_tree.h): which tree an assignment or a file comes from, and the
// course trees refused.
#include "assignment/kit_tree.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

struct TwoTrees {
  fs::path root = fs::path(::testing::TempDir()) / ("kit_tree_" + std::to_string(::getpid()));
  fs::path course = root / "course";
  fs::path kit = root / "kit";
  TwoTrees() {
    fs::remove_all(root);
    add(kit, "assignments/matmul-naive/rubric.yaml");
    add(kit, "assignments/transpose/rubric.yaml");
    add(kit, "solutions/matmul-naive/matmul_naive.cu");
    add(course, "assignments/matmul-naive/rubric.yaml");
    add(course, "assignments/row-copy/rubric.yaml");
    add(course, "assignments/notes/README.md");  // no rubric: not an assignment
  }
  ~TwoTrees() { fs::remove_all(root); }
  static void add(const fs::path& tree, const std::string& file) {
    fs::create_directories((tree / file).parent_path());
    std::ofstream(tree / file) << "x\n";
  }
  std::vector<std::string> trees() const { return {course.string(), kit.string()}; }
};

TEST(KitTree, TheCoursesCopyOfAnAssignmentComesFirst) {
  TwoTrees t;
  EXPECT_EQ(find_in_trees(t.trees(), "assignments/matmul-naive/rubric.yaml"),
            (t.course / "assignments/matmul-naive/rubric.yaml").string());
}

TEST(KitTree, WhatTheCourseLacksComesFromTheKit) {
  TwoTrees t;
  EXPECT_EQ(find_in_trees(t.trees(), "solutions/matmul-naive/matmul_naive.cu"),
            (t.kit / "solutions/matmul-naive/matmul_naive.cu").string());
  EXPECT_EQ(find_in_trees(t.trees(), "assignments/transpose/rubric.yaml"),
            (t.kit / "assignments/transpose/rubric.yaml").string());
}

TEST(KitTree, AFileNowhereIsNamedInTheFirstTree) {
  TwoTrees t;
  EXPECT_EQ(find_in_trees(t.trees(), "starter/row-copy"), (t.course / "starter/row-copy").string());
}

TEST(KitTree, AssignmentsOfBothTreesAreListedOnceEach) {
  TwoTrees t;
  EXPECT_EQ(assignment_names(t.trees()), (std::vector<std::string>{"matmul-naive", "row-copy", "transpose"}));
}

TEST(KitTree, AMissingFolderIsRefused) {
  TwoTrees t;
  try {
    use_course_tree((t.root / "nowhere").string());
    FAIL() << "accepted a folder that does not exist";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("is not a folder"), std::string::npos) << e.what();
  }
}

TEST(KitTree, AFolderWithoutAssignmentsIsRefused) {
  TwoTrees t;
  fs::create_directories(t.root / "empty");
  try {
    use_course_tree((t.root / "empty").string());
    FAIL() << "accepted a folder without assignments/";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("has no assignments/ folder"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kit
