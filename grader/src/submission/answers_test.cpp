#include "submission/answers.h"
#include "submission/intake.h"
#include "util/text.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

// answers.yaml comes through the intake's door (submission/intake.h), beside the graded file or in its folder;
// what the student sees of a file that cannot be read is the intake's problem, worded for answers.
class AnswersTakenIn : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-answers-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "sub");
    fs::create_directories(root_ / "work");
    std::ofstream(root_ / "sub" / "t.cu") << "int a;\n";
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path answers() const { return root_ / "sub" / kAnswersFileName; }
  // The submission `sub` (or its file), taken in with answers.yaml, and the answers read from the intake.
  AnswersFile take(bool by_file = false) {
    std::error_code ignored;
    fs::remove_all(root_ / "work", ignored);
    fs::create_directories(root_ / "work");
    IntakeOptions options;
    options.extra_files = {answers_extra_file()};
    const fs::path submission = by_file ? root_ / "sub" / "t.cu" : root_ / "sub";
    return answers_taken_in(take_in_submission(submission.string(), {"t.cu"}, (root_ / "work").string(), options));
  }
  fs::path root_;
};

TEST_F(AnswersTakenIn, FoundInsideTheFolderOrBesideTheFile) {
  std::ofstream(answers()) << "threads: 1024\n";
  for (const bool by_file : {false, true}) {
    const AnswersFile a = take(by_file);
    EXPECT_TRUE(a.present);
    EXPECT_EQ(a.problem, "");
    EXPECT_EQ(a.answers.at("threads").text, "1024");
  }
}

TEST_F(AnswersTakenIn, AMissingFileIsNotAProblemButNotPresent) {
  const AnswersFile a = take();
  EXPECT_FALSE(a.present);
  EXPECT_EQ(a.problem, "");
  // An intake that was not asked for answers.yaml has none either.
  EXPECT_FALSE(answers_taken_in(Intake{}).present);
}

TEST_F(AnswersTakenIn, TooLargeLinkFifoAndFolderAreProblemsOfTheAnswers) {
  std::ofstream(answers()) << "threads: " << std::string(70000, '1') << "\n";
  AnswersFile a = take();
  EXPECT_TRUE(a.present);
  EXPECT_EQ(a.problem, "answers.yaml is 70010 bytes; answers may take at most 65536: write short answers");

  fs::remove(answers());
  std::ofstream(root_ / "elsewhere.yaml") << "threads: 1024\n";
  fs::create_symlink(root_ / "elsewhere.yaml", answers());
  EXPECT_EQ(take().problem, "answers.yaml is a symbolic link: submit the file itself");

  fs::remove(answers());
  ASSERT_EQ(::mkfifo(answers().c_str(), 0600), 0);
  EXPECT_EQ(take().problem, "answers.yaml is not a regular file: submit a text file");  // and does not block

  fs::remove(answers());
  fs::create_directory(answers());
  EXPECT_EQ(take(/*by_file=*/true).problem, "answers.yaml is not a regular file: submit a text file");
}

TEST_F(AnswersTakenIn, BytesThatAreNotTextAreAProblemOfTheAnswers) {
  std::ofstream(answers(), std::ios::binary) << std::string("threads: 1\0", 11);
  EXPECT_EQ(take().problem, "answers.yaml is not a text file: NUL byte at offset 10");
}

TEST_F(AnswersTakenIn, ReadAnswersParsesAFileAsItIs) {
  std::ofstream(answers()) << "threads: 1024\n";
  EXPECT_EQ(read_answers(answers().string()).answers.at("threads").text, "1024");
  EXPECT_FALSE(read_answers((root_ / "nowhere.yaml").string()).present);
}

}  // namespace
}  // namespace kit
