// Tests of the harness objects a build cache keeps: one object per compile command, compiled once, made
// afresh when anything it is made from changes, and never kept when the harness does not compile.
#include "build/harness_cache.h"

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>


namespace kit {
namespace {

namespace fs = std::filesystem;

class HarnessCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("kit-harnesscache-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "assignment");
    write(root_ / "assignment" / "harness.cpp", "#include \"contract.h\"\nint harness_answer() { return ANSWER; }\n");
    write(root_ / "assignment" / "contract.h", "#define ANSWER 42\n");
    spec_.backend = Backend::cpu;
    spec_.assignment_dir = (root_ / "assignment").string();
    spec_.source = (root_ / "student" / "vector_add.cu").string();
    spec_.timeout_s = 60;
    spec_.harness_cache = (root_ / "prepared" / "harness").string();
  }
  void TearDown() override {
    fs::remove_all(root_);
  }

  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

  std::vector<std::string> command() const { return {"c++", "-std=c++17", "-O1", "-I" + spec_.assignment_dir}; }

  fs::path root_;
  BuildSpec spec_;
};

TEST_F(HarnessCacheTest, WithoutAFolderTheHarnessIsCompiledWithTheStudentsFile) {
  spec_.harness_cache.clear();
  EXPECT_EQ(cached_harness_object(command(), spec_), "");  // no cache: the harness is compiled with the student's file
}

TEST_F(HarnessCacheTest, IsCompiledOnceForOneCommand) {
  const std::string object = cached_harness_object(command(), spec_);
  ASSERT_FALSE(object.empty());
  EXPECT_EQ(fs::path(object).parent_path(), root_ / "prepared" / "harness");
  ASSERT_TRUE(fs::is_regular_file(object));
  const auto made = fs::last_write_time(object);
  // A second grading finds it: the same path, not compiled again.
  EXPECT_EQ(cached_harness_object(command(), spec_), object);
  EXPECT_EQ(fs::last_write_time(object), made);
}

TEST_F(HarnessCacheTest, AnythingItIsMadeFromMakesAnotherObject) {
  const std::string first = harness_cache_key(command(), spec_);
  EXPECT_EQ(harness_cache_key(command(), spec_), first);
  std::vector<std::string> with_define = command();
  with_define.push_back("-DTILE_WIDTH=8");
  EXPECT_NE(harness_cache_key(with_define, spec_), first);
  write(root_ / "assignment" / "contract.h", "#define ANSWER 43\n");  // a header of the assignment's
  EXPECT_NE(harness_cache_key(command(), spec_), first);
}

TEST_F(HarnessCacheTest, AHarnessThatDoesNotCompileIsNeverKept) {
  write(root_ / "assignment" / "harness.cpp", "int harness_answer() { return }\n");
  EXPECT_EQ(cached_harness_object(command(), spec_), "");
  EXPECT_TRUE(fs::is_empty(root_ / "prepared" / "harness"));  // no object, and no half-written one
}

}  // namespace
}  // namespace kit
