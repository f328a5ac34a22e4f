#include "util/hmac_sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {

std::string bytes_of(const std::string& hex) {
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return bytes;
}

// The HMAC-SHA-256 values of RFC 4231's test cases 1 to 7.
TEST(HmacSha256, Rfc4231TestVectors) {
  EXPECT_EQ(hmac_sha256_hex(std::string(20, '\x0b'), "Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(hmac_sha256_hex("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(hmac_sha256_hex(std::string(20, '\xaa'), std::string(50, '\xdd')),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
  EXPECT_EQ(hmac_sha256_hex(bytes_of("0102030405060708090a0b0c0d0e0f10111213141516171819"), std::string(50, '\xcd')),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
  // Test case 5 is truncated to 128 bits in the RFC: its first half.
  EXPECT_EQ(hmac_sha256_hex(std::string(20, '\x0c'), "Test With Truncation").substr(0, 32),
            "a3b6167473100ee06e0c796c2955552b");
  // Keys longer than the block are hashed first.
  EXPECT_EQ(hmac_sha256_hex(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  EXPECT_EQ(hmac_sha256_hex(std::string(131, '\xaa'),
                            "This is a test using a larger than block-size key and a larger than block-size data. "
                            "The key needs to be hashed before being used by the HMAC algorithm."),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST(HmacSha256, AKeyOfExactlyOneBlockIsUsedAsItIs) {
  // 64 bytes: neither hashed nor padded; differs from the same key one byte longer (which is hashed).
  EXPECT_NE(hmac_sha256_hex(std::string(64, 'k'), "m"), hmac_sha256_hex(std::string(65, 'k'), "m"));
  EXPECT_NE(hmac_sha256_hex("key", "message"), hmac_sha256_hex("kez", "message"));
}

TEST(HmacSha256, SameDigestComparesWholeStrings) {
  EXPECT_TRUE(same_digest("abc", "abc"));
  EXPECT_FALSE(same_digest("abc", "abd"));
  EXPECT_FALSE(same_digest("abc", "ab"));
  EXPECT_TRUE(same_digest("", ""));
}

}  // namespace
}  // namespace kit
