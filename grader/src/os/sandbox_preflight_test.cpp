#include "os/sandbox_preflight.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

class SandboxPreflightTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-preflight-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    ::chmod(dir_.c_str(), 0711);
    // A course tree as a root with umask 077 would check it out: one file and one folder closed to others.
    fs::create_directories(dir_ / "course" / "open");
    fs::create_directories(dir_ / "course" / "closed");
    std::ofstream(dir_ / "course" / "open" / "harness.cpp") << "// readable\n";
    std::ofstream(dir_ / "course" / "open" / "contract.h") << "// not readable\n";
    std::ofstream(dir_ / "course" / "closed" / "a.h") << "// behind a closed folder\n";
    std::ofstream(dir_ / "course" / "closed" / "b.h") << "// behind a closed folder\n";
    for (const char* path : {"course", "course/open", "course/closed"}) ::chmod((dir_ / path).c_str(), 0755);
    ::chmod((dir_ / "course" / "open" / "harness.cpp").c_str(), 0644);
    ::chmod((dir_ / "course" / "open" / "contract.h").c_str(), 0600);
    ::chmod((dir_ / "course" / "closed").c_str(), 0700);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  SandboxSpec course_spec() const {
    SandboxSpec spec;
    spec.binds = {{(dir_ / "course").string(), "", false}};
    return spec;
  }

  fs::path dir_;
};

// The test's own files, judged for uid/gid 65534 (the sandbox user of a root grader): no root needed.
TEST_F(SandboxPreflightTest, NamesWhatTheSandboxUserCannotReadAndHowToOpenIt) {
  if (::geteuid() == 65534) GTEST_SKIP() << "the test runs as uid 65534, the user it judges for";
  const std::vector<SandboxShortfall> found = unreadable_in_binds(course_spec(), 65534, 65534);
  ASSERT_EQ(found.size(), 2u);
  std::vector<std::string> paths = {found[0].path, found[1].path};
  std::sort(paths.begin(), paths.end());
  // The closed folder is one line, not one per file it hides.
  EXPECT_EQ(paths[0], (dir_ / "course" / "closed").string());
  EXPECT_EQ(paths[1], (dir_ / "course" / "open" / "contract.h").string());
  for (const SandboxShortfall& s : found) {
    EXPECT_NE(s.why.find("uid 65534"), std::string::npos) << s.why;
    EXPECT_EQ(s.fix, "chmod -R o+rX " + (dir_ / "course").string());
  }
  EXPECT_NE(found[0].why.find(found[0].path == paths[0] ? "mode 0700" : "mode 0600"), std::string::npos);
  // Its owner reads all of it; a writable bind is handed to the sandbox user whole, and not walked.
  const struct stat owner = [&] {
    struct stat st {};
    ::stat(dir_.c_str(), &st);
    return st;
  }();
  EXPECT_TRUE(unreadable_in_binds(course_spec(), owner.st_uid, owner.st_gid).empty());
  SandboxSpec writable = course_spec();
  writable.binds[0].writable = true;
  EXPECT_TRUE(unreadable_in_binds(writable, 65534, 65534).empty());
  // Past `most`, one line says how many more.
  const std::vector<SandboxShortfall> first = unreadable_in_binds(course_spec(), 65534, 65534, 1);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[1].why, "and 1 more");
}

TEST_F(SandboxPreflightTest, AnUmaskThatClosesTheGradersCopiesIsAShortfall) {
  EXPECT_TRUE(umask_shortfall(022, 65534).empty());
  EXPECT_TRUE(umask_shortfall(002, 65534).empty());
  for (mode_t closing : {077, 027, 007}) {
    const std::vector<SandboxShortfall> found = umask_shortfall(closing, 65534);
    ASSERT_EQ(found.size(), 1u) << closing;
    EXPECT_NE(found[0].fix.find("umask 022"), std::string::npos);
  }
}

// Through the real thing: as root, the preflight names the path, says why and what to change; any other
// grader's sandbox runs as itself, and the preflight has nothing to say.
TEST_F(SandboxPreflightTest, RootGraderIsToldWhatItsSandboxUserCannotRead) {
  ::umask(022);  // the grader's own umask is another shortfall, tested above
  const std::string message = sandbox_preflight(course_spec());
  if (::geteuid() != 0) {
    EXPECT_EQ(message, "");
    GTEST_SKIP() << "the grader is not root: its sandbox runs as its own user, and the preflight says nothing";
  }
  EXPECT_NE(message.find((dir_ / "course" / "open" / "contract.h").string()), std::string::npos) << message;
  EXPECT_NE(message.find("as uid 65534"), std::string::npos) << message;
  EXPECT_NE(message.find("the grader is root"), std::string::npos) << message;
  EXPECT_NE(message.find("chmod -R o+rX " + (dir_ / "course").string()), std::string::npos) << message;
  EXPECT_NE(message.find("Nothing was graded"), std::string::npos) << message;
  // Opened, the same tree passes, as long as a sandbox can be made here at all.
  ::chmod((dir_ / "course" / "open" / "contract.h").c_str(), 0644);
  ::chmod((dir_ / "course" / "closed").c_str(), 0755);
  if (!probe_sandbox().available) GTEST_SKIP() << "no sandbox can be made here: " << probe_sandbox().problem;
  EXPECT_EQ(sandbox_preflight(course_spec()), "");
}

}  // namespace
}  // namespace kit
