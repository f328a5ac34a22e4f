#include "util/text.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TEST(Utf8SequenceLength, WellFormedSequencesOnly) {
  EXPECT_EQ(utf8_sequence_length("a", 0), 1u);
  EXPECT_EQ(utf8_sequence_length("\xc3\xa9", 0), 2u);
  EXPECT_EQ(utf8_sequence_length("\xe2\x82\xac", 0), 3u);
  EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98\x80", 0), 4u);
  EXPECT_EQ(utf8_sequence_length("caf\xe9", 3), 0u);            // Latin-1
  EXPECT_EQ(utf8_sequence_length("\xc0\x80", 0), 0u);           // overlong
  EXPECT_EQ(utf8_sequence_length("\xed\xa0\x80", 0), 0u);       // a surrogate
  EXPECT_EQ(utf8_sequence_length("\xf4\x90\x80\x80", 0), 0u);   // past U+10FFFF
  EXPECT_EQ(utf8_sequence_length("\xe2\x82", 0), 0u);           // cut short
}

TEST(WithInvalidUtf8Replaced, EachBadByteBecomesOneReplacementCharacter) {
  EXPECT_EQ(with_invalid_utf8_replaced("// caf\xe9 ok"), "// caf\xef\xbf\xbd ok");
  EXPECT_EQ(with_invalid_utf8_replaced("\xff\xfe"), "\xef\xbf\xbd\xef\xbf\xbd");
  EXPECT_EQ(with_invalid_utf8_replaced("caf\xc3\xa9 \xe2\x82\xac"), "caf\xc3\xa9 \xe2\x82\xac");
  EXPECT_EQ(with_invalid_utf8_replaced(""), "");
}

TEST(ClosestMatch, NamesTheWordATypoMeant) {
  const std::vector<std::string> words = {"transpose", "block-transpose", "matmul-tiled", "matmul-naive"};
  EXPECT_EQ(closest_match("tranpose", words), "transpose");
  EXPECT_EQ(closest_match("tarnspose", words), "transpose");   // two letters swapped: one typo
  EXPECT_EQ(closest_match("Matmul-Tiled", words), "matmul-tiled");
  EXPECT_EQ(closest_match("matmul-tild", words), "matmul-tiled");
  EXPECT_EQ(closest_match("blur", words), "");                 // no typo makes it one of them
  EXPECT_EQ(closest_match("ot", {"out", "seed"}), "out");
  EXPECT_EQ(closest_match("x", {"out"}), "");
}

}  // namespace
}  // namespace kit
