#include "assignment/grading_seed.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

TEST(GradingSeed, OneNumberIsTheSeedAndAnythingElseIsRefused) {
  std::string pattern = (fs::temp_directory_path() / "kit-seed-test-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const fs::path file = fs::path(pattern) / kGradingSeedFile;
  EXPECT_EQ(read_grading_seed(file.string()), std::nullopt);
  std::ofstream(file) << " 31337\n";
  EXPECT_EQ(read_grading_seed(file.string()), 31337u);
  std::ofstream(file) << "18446744073709551615";
  EXPECT_EQ(read_grading_seed(file.string()), 18446744073709551615u);
  for (const char* bad : {"", "-1", "0x10", "12 34", "18446744073709551616", "seed: 7"}) {
    std::ofstream(file, std::ios::trunc) << bad;
    EXPECT_THROW(read_grading_seed(file.string()), UserError) << bad;
  }
  fs::remove(file);
  fs::create_directory(file);
  EXPECT_THROW(read_grading_seed(file.string()), UserError);
  fs::remove_all(pattern);
}

}  // namespace
}  // namespace kit
