#include "class/grading_key.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "assignment/kit_tree.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

class GradingKeyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (course_tree()) GTEST_SKIP() << "a course tree is in use (KIT_ROOT), whose key would be found";
    std::string pattern = (fs::temp_directory_path() / "kit-key-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    if (!root_.empty()) fs::remove_all(root_, ignored);
  }
  fs::path root_;
};

TEST_F(GradingKeyTest, ABatchMakesItsKeyOnceReadableByItsOwnerOnly) {
  EXPECT_EQ(find_grading_key(root_.string()), std::nullopt);
  const GradingKey made = batch_grading_key(root_.string());
  EXPECT_EQ(made.secret.size(), 64u);
  EXPECT_EQ(made.path, (root_ / kGradingKeyFile).string());
  EXPECT_EQ(fs::status(made.path).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(batch_grading_key(root_.string()).secret, made.secret) << "the same key on every run";
  // A gradebook finds it from the batch's folder and from its results/ folder.
  fs::create_directories(root_ / "results");
  EXPECT_EQ(find_grading_key(root_.string())->secret, made.secret);
  EXPECT_EQ(find_grading_key((root_ / "results").string())->secret, made.secret);
  EXPECT_EQ(find_grading_key((root_ / "results/").string())->secret, made.secret);
  // No file is left behind but the key.
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(root_)) files += entry.is_regular_file();
  EXPECT_EQ(files, 1u);
}

TEST_F(GradingKeyTest, AKeyFileThatIsNoKeyIsRefused) {
  std::ofstream(root_ / kGradingKeyFile) << "short\n";
  EXPECT_THROW(batch_grading_key(root_.string()), UserError);
  EXPECT_THROW(find_grading_key(root_.string()), UserError);
  fs::remove(root_ / kGradingKeyFile);
  std::ofstream(root_ / "elsewhere") << std::string(64, 'a');
  fs::create_symlink(root_ / "elsewhere", root_ / kGradingKeyFile);
  EXPECT_THROW(batch_grading_key(root_.string()), UserError) << "a link is not followed";
  fs::remove(root_ / kGradingKeyFile);
  fs::create_directory(root_ / kGradingKeyFile);
  EXPECT_THROW(batch_grading_key(root_.string()), UserError);
}

TEST_F(GradingKeyTest, AKeyAnInstructorWroteIsTakenWithoutItsBlanks) {
  std::ofstream(root_ / kGradingKeyFile) << "  " << std::string(40, 'k') << "\n\n";
  EXPECT_EQ(batch_grading_key(root_.string()).secret, std::string(40, 'k'));
}

}  // namespace
}  // namespace kit
