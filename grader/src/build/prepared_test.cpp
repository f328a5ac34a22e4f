#include "build/prepared.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

class PreparedFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("kit-prepared-test-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    std::ofstream(root_ / "rubric.yaml") << "assignment: vector-add\n";
    rubric_.assignment = "vector-add";
    rubric_.path = (root_ / "rubric.yaml").string();
    dir_ = (root_ / "prepared").string();
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_;
  Rubric rubric_;
  std::string dir_;
};

TEST_F(PreparedFolderTest, HoldsItsManifestCachesAndLock) {
  const PreparedFolder p = prepare_folder(dir_, rubric_, Backend::cpu);
  EXPECT_TRUE(fs::is_regular_file(fs::path(dir_) / kPreparedManifest));
  EXPECT_EQ(p.references, (fs::path(dir_) / "references").string());
  EXPECT_EQ(p.builds, (fs::path(dir_) / "builds").string());
  EXPECT_EQ(p.harness, (fs::path(dir_) / "harness").string());
  EXPECT_EQ(p.timing_lock, (fs::path(dir_) / "timing.lock").string());
  EXPECT_TRUE(fs::is_directory(p.harness));
  EXPECT_TRUE(fs::is_regular_file(p.timing_lock));
  const PreparedFolder opened = open_prepared_folder(dir_, rubric_, Backend::cpu);
  EXPECT_EQ(opened.references, p.references);
  EXPECT_EQ(opened.timing_lock, p.timing_lock);
}

TEST_F(PreparedFolderTest, NoFolderSharesNothing) {
  const PreparedFolder none = open_prepared_folder("", rubric_, Backend::cpu);
  EXPECT_TRUE(none.references.empty() && none.builds.empty() && none.harness.empty() && none.timing_lock.empty());
}

TEST_F(PreparedFolderTest, AFolderForAnotherGradingIsRefused) {
  EXPECT_THROW(open_prepared_folder(dir_, rubric_, Backend::cpu), UserError);  // not prepared at all
  prepare_folder(dir_, rubric_, Backend::cpu);
  EXPECT_THROW(open_prepared_folder(dir_, rubric_, Backend::cuda), UserError);
  Rubric other = rubric_;
  other.assignment = "matmul-tiled";
  EXPECT_THROW(open_prepared_folder(dir_, other, Backend::cpu), UserError);
  std::ofstream(rubric_.path) << "assignment: vector-add\ntitle: edited\n";
  EXPECT_THROW(open_prepared_folder(dir_, rubric_, Backend::cpu), UserError);
  std::ofstream(fs::path(dir_) / kPreparedManifest) << "not json";
  EXPECT_THROW(open_prepared_folder(dir_, rubric_, Backend::cpu), UserError);
}

}  // namespace
}  // namespace kit
