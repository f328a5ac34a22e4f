#include "class/class_roster.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "class/safe_file_name.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kFiles = {"matmul_naive.cu"};

class ClassRosterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-roster-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  void write(const fs::path& relative, const std::string& text = "__global__ void k() {}\n") {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  ClassRoster discover(const std::string& skip = "") {
    return discover_class(root_.string(), "matmul-naive", kFiles, skip);
  }
  fs::path root_;
};

TEST_F(ClassRosterTest, OneFolderPerStudentNamesTheStudentByTheFolder) {
  write("bob/matmul_naive.cu");
  write("alice/matmul_naive.cu");
  fs::create_directories(root_ / "carol");  // handed in nothing
  write("notes.txt");                      // a file at the top is no student
  fs::create_directories(root_ / ".git");   // nor is a hidden folder
  const ClassRoster roster = discover();
  EXPECT_EQ(roster.layout, RosterLayout::folders);
  ASSERT_EQ(roster.students.size(), 3u);
  EXPECT_EQ(roster.students[0].key, "alice");
  EXPECT_EQ(roster.students[0].people.at(0).name, "alice");
  EXPECT_EQ(roster.students[0].submission, (root_ / "alice").string());
  EXPECT_EQ(roster.students[1].key, "bob");
  EXPECT_EQ(roster.students[2].key, "carol");
  EXPECT_TRUE(roster.students[2].submission.empty());
  EXPECT_EQ(roster.students[2].missing, "no matmul_naive.cu in the folder");
}

// A folder name that cannot name a result file gets a safe key; the person keeps the folder's name.
TEST_F(ClassRosterTest, AFolderNameThatCannotNameAFileGetsASafeKeyAndKeepsItsName) {
  const std::string long_name(246, 'z');
  const std::string control = "tab\there";
  write(long_name + "/matmul_naive.cu");
  write(control + "/matmul_naive.cu");
  write("=HYPERLINK(\"http:x\")/matmul_naive.cu");
  const ClassRoster roster = discover();
  ASSERT_EQ(roster.students.size(), 3u);
  std::set<std::string> names, keys;
  for (const Student& s : roster.students) {
    names.insert(s.people.at(0).name);
    keys.insert(s.key);
    EXPECT_FALSE(s.submission.empty()) << s.key;
    EXPECT_EQ(s.key, safe_file_name(s.people.at(0).name));
  }
  EXPECT_EQ(names, (std::set<std::string>{long_name, control, "=HYPERLINK(\"http:x\")"}));
  EXPECT_EQ(keys.count("=HYPERLINK(\"http:x\")"), 1u) << "a fine file name is kept";
  EXPECT_EQ(keys.count(long_name), 0u);
  EXPECT_EQ(keys.count(control), 0u);
}

TEST_F(ClassRosterTest, TheFileMayLieInASubfolderButTwoAtOneDepthAreNotGuessedBetween) {
  write("dave/src/matmul-naive/matmul_naive.cu");
  write("erin/a/matmul_naive.cu");
  write("erin/b/matmul_naive.cu");
  write("erin/a/deeper/matmul_naive.cu");
  const ClassRoster roster = discover();
  ASSERT_EQ(roster.students.size(), 2u);
  EXPECT_EQ(roster.students[0].submission, (root_ / "dave/src/matmul-naive").string());
  EXPECT_TRUE(roster.students[1].submission.empty());
  EXPECT_NE(roster.students[1].missing.find("several folders hold matmul_naive.cu"), std::string::npos);
}

TEST_F(ClassRosterTest, LinksAreNeverFollowed) {
  write("outside/matmul_naive.cu");
  fs::create_directories(root_ / "class/frank");
  fs::create_directory_symlink(root_ / "outside", root_ / "class/frank/linked");
  fs::create_directory_symlink(root_ / "outside", root_ / "class/grace");  // a link is no student
  const ClassRoster roster = discover_class((root_ / "class").string(), "matmul-naive", kFiles);
  ASSERT_EQ(roster.students.size(), 1u);
  EXPECT_EQ(roster.students[0].key, "frank");
  EXPECT_TRUE(roster.students[0].submission.empty());
}

TEST_F(ClassRosterTest, TheOutputFolderInsideTheClassIsNoStudent) {
  write("alice/matmul_naive.cu");
  fs::create_directories(root_ / "grades/results");
  const ClassRoster roster = discover((root_ / "grades").string());
  ASSERT_EQ(roster.students.size(), 1u);
  EXPECT_EQ(roster.students[0].key, "alice");
}

TEST_F(ClassRosterTest, GradescopeExportNamesTheSubmittersFromItsMetadata) {
  write("submission_101/matmul_naive.cu");
  write("submission_102/matmul_naive.cu");
  write("submission_103/other.cu");
  write("submission_104/matmul_naive.cu");
  write("submission_metadata.yml",
        "submission_101:\n"
        "  :submitters:\n"
        "  - :name: Jane Doe\n"
        "    :sid: '1234'\n"
        "    :email: jane@example.edu\n"
        "  :created_at: 2024-03-01 10:00:00.000000000 -08:00\n"
        "  :score: 10.0\n"
        "submission_102:\n"
        "  :submitters:\n"
        "  - :name: Pair One\n"
        "    :email: one@example.edu\n"
        "  - :sid: '202'\n"  // no name, no email: known by the id
        "submission_103:\n"
        "  :status: processed\n");  // no submitters at all; 104 not listed
  const ClassRoster roster = discover();
  EXPECT_EQ(roster.layout, RosterLayout::gradescope);
  EXPECT_TRUE(roster.warnings.empty());
  ASSERT_EQ(roster.students.size(), 4u);
  const Student& jane = roster.students[0];
  EXPECT_EQ(jane.key, "submission_101");
  ASSERT_EQ(jane.people.size(), 1u);
  EXPECT_EQ(jane.people[0].name, "Jane Doe");
  EXPECT_EQ(jane.people[0].sid, "1234");
  EXPECT_EQ(jane.people[0].email, "jane@example.edu");
  // When Gradescope's server recorded the submission: the time its late penalty is reckoned from.
  EXPECT_EQ(jane.submitted_at, "2024-03-01T10:00:00-08:00");
  EXPECT_EQ(roster.students[1].submitted_at, "");
  ASSERT_EQ(roster.students[1].people.size(), 2u);
  EXPECT_EQ(roster.students[1].people[0].email, "one@example.edu");
  EXPECT_EQ(roster.students[1].people[1].name, "202");
  EXPECT_EQ(roster.students[2].people.at(0).name, "submission_103");
  EXPECT_TRUE(roster.students[2].submission.empty());
  EXPECT_EQ(roster.students[3].people.at(0).name, "submission_104");
  EXPECT_FALSE(roster.students[3].submission.empty());
}

TEST_F(ClassRosterTest, AGradescopeTimeThatIsNoTimeIsAWarning) {
  write("submission_7/matmul_naive.cu");
  write("submission_metadata.yml",
        "submission_7:\n"
        "  :submitters:\n"
        "  - :name: Jane Doe\n"
        "  :created_at: 2024-03-01 10:00:00\n");  // no offset: whose 10 o'clock?
  const ClassRoster roster = discover();
  ASSERT_EQ(roster.warnings.size(), 1u);
  EXPECT_NE(roster.warnings[0].find("submission_7's created_at '2024-03-01 10:00:00' has no UTC offset"),
            std::string::npos)
      << roster.warnings[0];
  ASSERT_EQ(roster.students.size(), 1u);
  EXPECT_EQ(roster.students[0].people.at(0).name, "Jane Doe");
  EXPECT_EQ(roster.students[0].submitted_at, "");
}

TEST_F(ClassRosterTest, UnreadableGradescopeMetadataIsAWarningNotAnError) {
  write("submission_7/matmul_naive.cu");
  write("submission_metadata.yml", "submission_7: [unclosed\n");
  const ClassRoster roster = discover();
  EXPECT_EQ(roster.layout, RosterLayout::gradescope);
  ASSERT_EQ(roster.warnings.size(), 1u);
  ASSERT_EQ(roster.students.size(), 1u);
  EXPECT_EQ(roster.students[0].people.at(0).name, "submission_7");
}

TEST_F(ClassRosterTest, GitHubClassroomClonesAreNamedByTheUser) {
  write("matmul-naive-octocat/matmul_naive.cu");
  write("matmul-naive-hubot/starter/matmul-naive/matmul_naive.cu");
  const ClassRoster roster = discover();
  EXPECT_EQ(roster.layout, RosterLayout::github_classroom);
  ASSERT_EQ(roster.students.size(), 2u);
  EXPECT_EQ(roster.students[0].key, "hubot");
  EXPECT_EQ(roster.students[0].submission, (root_ / "matmul-naive-hubot/starter/matmul-naive").string());
  EXPECT_EQ(roster.students[1].key, "octocat");
  EXPECT_EQ(roster.students[1].people.at(0).name, "octocat");
}

TEST_F(ClassRosterTest, FoldersThatAreNotAllClonesKeepTheirNames) {
  write("matmul-naive-octocat/matmul_naive.cu");
  write("alice/matmul_naive.cu");
  const ClassRoster roster = discover();
  EXPECT_EQ(roster.layout, RosterLayout::folders);
  ASSERT_EQ(roster.students.size(), 2u);
  EXPECT_EQ(roster.students[1].key, "matmul-naive-octocat");
}

TEST_F(ClassRosterTest, AMissingFolderIsTheUsersToFix) {
  EXPECT_THROW(discover_class((root_ / "nowhere").string(), "matmul-naive", kFiles), UserError);
  EXPECT_TRUE(discover().students.empty());
}

}  // namespace
}  // namespace kit
