#include "os/sandbox_binds.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "os/process.h"
#include "os/sandbox.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// A folder of the test's own under /tmp, searchable by others (as a grading's work folder is), removed
// with everything in it.
class SandboxBindsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-binds-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    ::chmod(dir_.c_str(), 0711);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // The root grader's case: a sandbox that runs as uid 65534, where one can be made at all.
  static std::string why_no_root_sandbox() {
    if (::geteuid() != 0) return "the grader is not root: its sandbox runs as its own user, with no binds to mount";
    static const SandboxStatus status = probe_sandbox();
    return status.available ? "" : "no sandbox can be made here: " + status.problem;
  }

  static ProcessRequest binds_shell(const std::string& script, std::vector<SandboxBind> binds) {
    ProcessRequest r;
    r.argv = {"/bin/sh", "-c", script};
    r.timeout_s = 20;
    r.sandbox = SandboxSpec{};
    r.sandbox->binds = std::move(binds);
    return r;
  }

  static ino_t inode_of(const fs::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
  }
  static ino_t inode_of(int fd) {
    struct stat st {};
    return ::fstat(fd, &st) == 0 ? st.st_ino : 0;
  }

  static std::string mount_table() {
    std::ifstream in("/proc/self/mountinfo");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  fs::path dir_;
};

TEST_F(SandboxBindsTest, OpensThroughTheLinksOfOtherUsers) {
  fs::create_directories(dir_ / "real" / "inner");
  std::ofstream(dir_ / "real" / "inner" / "file.txt") << "x\n";
  fs::create_directory_symlink(dir_ / "real", dir_ / "absolute");
  fs::create_directory_symlink("../" + dir_.filename().string() + "/real", dir_ / "relative");
  const uid_t someone_else = ::getuid() + 1;  // not the owner of these links
  for (const char* via : {"absolute", "relative"}) {
    std::string why;
    const int fd = open_bind_source((dir_ / via / "inner" / "file.txt").string(), someone_else, &why);
    ASSERT_GE(fd, 0) << via << ": " << why;
    EXPECT_EQ(inode_of(fd), inode_of(dir_ / "real" / "inner" / "file.txt")) << via;
    ::close(fd);
  }
}

TEST_F(SandboxBindsTest, FollowsNoLinkOfTheSandboxUsers) {
  fs::create_directories(dir_ / "real");
  fs::create_directory_symlink(dir_ / "real", dir_ / "made");
  std::string why;
  // The test's user plays the sandbox's: the link is its own.
  EXPECT_EQ(open_bind_source((dir_ / "made").string(), ::getuid(), &why), -1);
  EXPECT_NE(why.find("the link made"), std::string::npos) << why;
  why.clear();
  EXPECT_EQ(open_bind_source((dir_ / "missing").string(), ::getuid() + 1, &why), -1);
  EXPECT_NE(why.find("No such file"), std::string::npos) << why;
  EXPECT_EQ(open_bind_source("relative/path", ::getuid() + 1, &why), -1);
  EXPECT_NE(why.find("absolute"), std::string::npos) << why;
}

// The README's own case: a root grader's folders under /root (0700), which uid 65534 may not pass.
TEST_F(SandboxBindsTest, RootGraderBindsFoldersUnderAFolderItsSandboxUserCannotPass) {
  if (const std::string why = why_no_root_sandbox(); !why.empty()) GTEST_SKIP() << why;
  const fs::path home = dir_ / "home";
  fs::create_directories(home / "class");
  fs::create_directories(home / "out");
  std::ofstream(home / "class" / "kernel.cu") << "__global__ void k() {}\n";
  ::chmod(home.c_str(), 0700);
  const std::string source = (home / "class" / "kernel.cu").string(), out = (home / "out").string();
  const ProcessResult run = run_process(binds_shell(
      "id -u; cat " + source + "; touch " + source + " 2>/dev/null && echo wrote-the-read-only-bind; echo made > " +
          out + "/made",
      {{(home / "class").string(), "", false}, {out, "", true}}));
  EXPECT_EQ(run.start_error, "");
  EXPECT_EQ(run.out, "65534\n__global__ void k() {}\n");
  struct stat made {};
  ASSERT_EQ(::stat((home / "out" / "made").c_str(), &made), 0);
  EXPECT_EQ(made.st_uid, 65534u);
  // The mounts were the sandbox's child's alone: the grader's mount table never shows them.
  EXPECT_EQ(mount_table().find(kStagingFolder), std::string::npos);
}

// Code that ran in one step left a link in its writable folder, pointing at a folder of root's: the next
// step's bind of that path must not start, and must not be read as the step's own failure.
TEST_F(SandboxBindsTest, RootGraderRefusesALinkItsSandboxUserLeft) {
  if (const std::string why = why_no_root_sandbox(); !why.empty()) GTEST_SKIP() << why;
  fs::create_directories(dir_ / "secret");
  std::ofstream(dir_ / "secret" / "key") << "root's own\n";
  ::chmod((dir_ / "secret").c_str(), 0700);
  fs::create_directories(dir_ / "build");
  ASSERT_EQ(::chown((dir_ / "build").c_str(), 65534, 65534), 0);
  fs::create_directory_symlink(dir_ / "secret", dir_ / "build" / "runner");
  ASSERT_EQ(::lchown((dir_ / "build" / "runner").c_str(), 65534, 65534), 0);
  const ProcessResult run =
      run_process(binds_shell("cat " + (dir_ / "build" / "runner" / "key").string(), {{(dir_ / "build" / "runner").string(), "", false}}));
  EXPECT_NE(run.start_error.find("link runner"), std::string::npos) << run.start_error;
  EXPECT_TRUE(run.sandbox_failed);
  EXPECT_EQ(run.out.find("root's own"), std::string::npos);
}

// A program that fails as bwrap would ("bwrap: " first on stderr, then exit 1) is read as having failed
// to start, but it cannot pass for a sandbox that could not be made: only a failure before bwrap reports
// its sandbox's init is that.
TEST_F(SandboxBindsTest, NoProgramPassesForASandboxThatCouldNotBeMade) {
  static const SandboxStatus status = probe_sandbox();
  if (!status.available) GTEST_SKIP() << "no sandbox can be made here: " << status.problem;
  const ProcessResult feigned = run_process(binds_shell("echo \"bwrap: Can't find source path /x\" >&2; exit 1", {}));
  EXPECT_NE(feigned.start_error, "");
  EXPECT_FALSE(feigned.sandbox_failed);
  const ProcessResult missing = run_process(binds_shell("true", {{(dir_ / "missing").string(), "", false}}));
  EXPECT_NE(missing.start_error, "");
  EXPECT_TRUE(missing.sandbox_failed) << missing.start_error;
}

// Only what the sandbox user cannot reach is staged: a machine whose folders it reaches starts its
// sandboxes as before, with no mount namespace of the grader's.
TEST_F(SandboxBindsTest, TheSandboxUserReachesWhatItsModesAllowAndNothingElse) {
  const fs::path open_folder = dir_ / "open", closed = dir_ / "closed", inside = closed / "inside";
  fs::create_directories(inside);
  fs::create_directories(open_folder);
  ::chmod(open_folder.c_str(), 0755);
  ::chmod(inside.c_str(), 0755);
  ::chmod(closed.c_str(), 0700);
  { std::ofstream(open_folder / "private.cu") << "x"; }
  ::chmod((open_folder / "private.cu").c_str(), 0600);
  { std::ofstream(open_folder / "shared.cu") << "x"; }
  ::chmod((open_folder / "shared.cu").c_str(), 0644);
  const uid_t nobody = 65534;
  EXPECT_TRUE(sandbox_user_reaches(open_folder.string(), nobody, nobody, false));
  EXPECT_TRUE(sandbox_user_reaches((open_folder / "shared.cu").string(), nobody, nobody, false));
  EXPECT_FALSE(sandbox_user_reaches((open_folder / "private.cu").string(), nobody, nobody, false));
  EXPECT_TRUE(sandbox_user_reaches((open_folder / "private.cu").string(), nobody, nobody, true));  // given to it
  EXPECT_FALSE(sandbox_user_reaches(inside.string(), nobody, nobody, false));
  EXPECT_FALSE(sandbox_user_reaches(inside.string(), nobody, nobody, true));  // its folder still bars the way
  EXPECT_FALSE(sandbox_user_reaches((dir_ / "missing").string(), nobody, nobody, false));
  // The folder's owner passes by the owner's bits.
  EXPECT_TRUE(sandbox_user_reaches(inside.string(), ::geteuid(), ::getegid(), false));

  SandboxSpec spec;
  spec.uid = nobody;
  spec.gid = nobody;
  spec.binds = {{open_folder.string(), "/in", false}, {inside.string(), "/closed", false}};
  const SandboxLaunch launch = sandbox_launch(spec, {"/bin/true"}, {}, "", 3, -1);
  if (launch.switch_user) {
    ASSERT_EQ(launch.staged.size(), 1u);
    EXPECT_EQ(launch.staged[0].host_path, inside.string());
  } else {
    EXPECT_TRUE(launch.staged.empty());
  }
}

}  // namespace
}  // namespace kit
