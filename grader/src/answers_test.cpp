#include "kit/answers.h"
#include "kit/text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace kit {
namespace {

namespace fs = std::filesystem;


TEST(Answers, ScalarsAndListsByIdWithTheirLines) {
  const AnswersFile a = parse_answers("threads: 1024\nbound: memory-bound\nwidths: [1, 2]\nwhy: |\n  because\n");
  EXPECT_TRUE(a.present);
  EXPECT_EQ(a.problem, "");
  ASSERT_EQ(a.answers.size(), 4u);
  EXPECT_EQ(a.answers.at("threads").text, "1024");
  EXPECT_EQ(a.answers.at("threads").line, 1);
  EXPECT_EQ(a.answers.at("widths").shape, Answer::Shape::list);
  EXPECT_EQ(a.answers.at("widths").items, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(a.answers.at("why").text, "because\n");
}

TEST(Answers, EmptyAnswersAndCommentsAreNotAnswers) {
  EXPECT_TRUE(parse_answers("# nothing yet\n").answers.empty());
  EXPECT_TRUE(parse_answers("").present);
  const AnswersFile a = parse_answers("threads:\nbound: ~\n");
  EXPECT_EQ(a.problem, "");
  EXPECT_TRUE(a.answers.empty());
}

TEST(Answers, NestedValuesAreKeptAsTheWrongShape) {
  const AnswersFile a = parse_answers("threads: {a: 1}\nwidths: [[1], 2]\n");
  EXPECT_EQ(a.answers.at("threads").shape, Answer::Shape::other);
  EXPECT_EQ(a.answers.at("widths").shape, Answer::Shape::other);
}

TEST(Answers, AFileThatIsNotAMappingOfAnswersIsOneProblem) {
  EXPECT_TRUE(contains(parse_answers("threads: [1, 2\n").problem, "not valid YAML (line"));
  EXPECT_TRUE(contains(parse_answers("- 1024\n- 2\n").problem, "must be a mapping"));
  EXPECT_TRUE(contains(parse_answers("just words\n").problem, "must be a mapping"));
  EXPECT_TRUE(contains(parse_answers(std::string("a: 1\0b", 6)).problem, "not a text file"));
  EXPECT_TRUE(contains(parse_answers("a: \xff\n").problem, "not a text file"));
}

TEST(Answers, DeepNestingIsRefusedBeforeParsing) {
  // Deep enough to overflow a recursive parser's stack, small enough to pass the size limit.
  const std::string deep = "a: " + std::string(30000, '[') + std::string(30000, ']') + "\n";
  const AnswersFile a = parse_answers(deep);
  EXPECT_TRUE(contains(a.problem, "nests lists or mappings")) << a.problem;
  // Brackets in quotes and comments are text.
  EXPECT_EQ(parse_answers("a: '[[[[[[[[[[[[[[[[[[[[[[[['  # [[[[[[[[[[[[[[[[[[[[[[[\n").problem, "");
}

class AnswersOnDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("kit-answers-" + std::to_string(::getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }
  std::string path() const { return (folder_ / kAnswersFileName).string(); }
  fs::path folder_;
};

TEST_F(AnswersOnDisk, FoundInsideAFolderOrBesideAFile) {
  EXPECT_EQ(answers_path_for(folder_.string()), path());
  EXPECT_EQ(answers_path_for((folder_ / "matmul_tiled.cu").string()), path());
}

TEST_F(AnswersOnDisk, AMissingFileIsNotAProblemButNotPresent) {
  const AnswersFile a = read_answers(path());
  EXPECT_FALSE(a.present);
  EXPECT_EQ(a.problem, "");
}

TEST_F(AnswersOnDisk, ReadsARegularFile) {
  std::ofstream(path()) << "threads: 1024\n";
  const AnswersFile a = read_answers(path());
  EXPECT_TRUE(a.present);
  EXPECT_EQ(a.answers.at("threads").text, "1024");
}

TEST_F(AnswersOnDisk, TooLargeLinkAndFifoAreProblems) {
  std::ofstream(path()) << "threads: " << std::string(100, '1') << "\n";
  AnswersOptions small;
  small.max_bytes = 50;
  EXPECT_TRUE(contains(read_answers(path(), small).problem, "at most 50"));

  fs::remove(path());
  std::ofstream((folder_ / "elsewhere.yaml").string()) << "threads: 1024\n";
  fs::create_symlink(folder_ / "elsewhere.yaml", path());
  EXPECT_TRUE(contains(read_answers(path()).problem, "symbolic link"));

  fs::remove(path());
  ASSERT_EQ(::mkfifo(path().c_str(), 0600), 0);
  EXPECT_TRUE(contains(read_answers(path()).problem, "not a regular file"));  // and does not block

  fs::remove(path());
  fs::create_directory(path());
  EXPECT_TRUE(contains(read_answers(path()).problem, "not a regular file"));
}

}  // namespace
}  // namespace kit
