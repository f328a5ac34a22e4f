// Tests of the on-disk reference cache: what is stored is read back exactly, and anything else (another
// key, a damaged or truncated file, a file from another grader) is a miss, never a wrong reference.
#include "assignment/reference_cache.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

class ReferenceCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kit-refcache-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The one entry file in the cache folder.
  fs::path only_entry() const {
    fs::path found;
    int count = 0;
    for (const auto& e : fs::directory_iterator(dir_)) found = e.path(), ++count;
    EXPECT_EQ(count, 1);
    return found;
  }

  fs::path dir_;
  const Expected sample_{{{1.5, -2.25, 3e300}, {}}, {{0.0, 1e-7, 4.0}, {}}};
};

TEST_F(ReferenceCacheTest, ReadsBackWhatWasStored) {
  EXPECT_FALSE(load_cached_reference(dir_.string(), "matmul/k"));
  store_cached_reference(dir_.string(), "matmul/k", sample_);
  const auto got = load_cached_reference(dir_.string(), "matmul/k");
  ASSERT_TRUE(got);
  EXPECT_EQ(got->values, sample_.values);
  EXPECT_EQ(got->error_scales, sample_.error_scales);
  EXPECT_FALSE(load_cached_reference(dir_.string(), "matmul/other"));
}

TEST_F(ReferenceCacheTest, ATruncatedOrDamagedEntryIsAMiss) {
  store_cached_reference(dir_.string(), "k", sample_);
  const fs::path entry = only_entry();
  const auto size = fs::file_size(entry);
  fs::resize_file(entry, size - 3);
  EXPECT_FALSE(load_cached_reference(dir_.string(), "k"));
  store_cached_reference(dir_.string(), "k", sample_);
  {
    std::fstream f(entry, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(0);
    f.write("XXXX", 4);
  }
  EXPECT_FALSE(load_cached_reference(dir_.string(), "k"));
  // A length field claiming more than the file holds.
  store_cached_reference(dir_.string(), "k", sample_);
  {
    std::fstream f(entry, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size) - static_cast<std::streamoff>(3 * sizeof(double) + 8 + 8 + 8));
    const std::uint64_t huge = ~std::uint64_t{0};
    f.write(reinterpret_cast<const char*>(&huge), sizeof huge);
  }
  EXPECT_FALSE(load_cached_reference(dir_.string(), "k"));
}

TEST_F(ReferenceCacheTest, AnEntryFromAnotherGraderIsAMiss) {
  store_cached_reference(dir_.string(), "k", sample_);
  const fs::path entry = only_entry();
  std::ifstream in(entry, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  // The identity follows the 8-byte magic and its 8-byte length: change one of its characters.
  ASSERT_GT(bytes.size(), 17u);
  bytes[16] = static_cast<char>(bytes[16] ^ 1);
  std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
  EXPECT_FALSE(load_cached_reference(dir_.string(), "k"));
}

TEST_F(ReferenceCacheTest, AnUnwritableFolderOnlyCostsTime) {
  const fs::path file = dir_;
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "not a folder";
  store_cached_reference((file / "sub").string(), "k", sample_);  // no throw
  EXPECT_FALSE(load_cached_reference((file / "sub").string(), "k"));
  fs::remove(file);
}

}  // namespace
}  // namespace kit
