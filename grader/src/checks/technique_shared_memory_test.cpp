#include "checks/technique_kinds.h"

#include <gtest/gtest.h>

#include "submission/source_text.h"

namespace kit {
namespace {

bool declares(const std::string& source) {
  return declares_dynamic_shared_memory(code_without_comments_and_literals(source));
}

TEST(DynamicSharedMemory, ADeclarationInCodeCounts) {
  EXPECT_TRUE(declares("__global__ void k() { extern __shared__ float tiles[]; }"));
  EXPECT_TRUE(declares("extern\n  __shared__ float tiles[];"));
  EXPECT_TRUE(declares("extern __shared__ float tiles[];"));
}

TEST(DynamicSharedMemory, ADeclarationInACommentOrAStringDoesNot) {
  EXPECT_FALSE(declares("// extern __shared__ float tiles[];\n__global__ void k() {}"));
  EXPECT_FALSE(declares("/* extern __shared__ float tiles[]; */ __global__ void k() {}"));
  EXPECT_FALSE(declares("const char* s = \"extern __shared__ float tiles[];\";"));
  EXPECT_FALSE(declares("const char* s = R\"(extern __shared__)\";"));
}

TEST(DynamicSharedMemory, OtherNamesAreNotTheKeywords) {
  EXPECT_FALSE(declares("__shared__ float tile[16];"));
  EXPECT_FALSE(declares("myextern __shared__ float tile[16];"));
  EXPECT_FALSE(declares("extern __shared__x float tile[16];"));
  EXPECT_FALSE(declares("extern"));
}

}  // namespace
}  // namespace kit
