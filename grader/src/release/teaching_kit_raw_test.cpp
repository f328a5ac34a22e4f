#include "release/teaching_kit_raw.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace kit {
namespace {

// The message decode_raw throws, or "" when it does not throw.
std::string raw_decode_error(const std::string& text) {
  long rows = 0, cols = 0;
  try {
    decode_raw(text, &rows, &cols);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(TeachingKitRaw, EncodesDimensionsThenOneRowPerLine) {
  EXPECT_EQ(encode_raw({1, 2, 3, -4.5f, 0.0625f, 6}, 2, 3), "2 3\n1 2 3\n-4.5 0.0625 6\n");
}

TEST(TeachingKitRaw, RoundTripIsExactForEveryKindOfFloat) {
  const std::vector<float> values = {0.1f, 1.0f / 3.0f, -0.0f, std::numeric_limits<float>::max(),
                                     std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min(),
                                     -1.9375f, 123456.789f};
  long rows = 0, cols = 0;
  const std::vector<float> back = decode_raw(encode_raw(values, 4, 2), &rows, &cols);
  EXPECT_EQ(rows, 4);
  EXPECT_EQ(cols, 2);
  ASSERT_EQ(back.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(back[i], values[i]) << "value " << i;
    EXPECT_EQ(std::signbit(back[i]), std::signbit(values[i])) << "value " << i;
  }
}

TEST(TeachingKitRaw, DecodeAcceptsAnyWhitespace) {
  long rows = 0, cols = 0;
  EXPECT_EQ(decode_raw("2 2\n1\t2   3\n\n4", &rows, &cols), (std::vector<float>{1, 2, 3, 4}));
}

TEST(TeachingKitRaw, DecodeErrorsSayWhatIsWrong) {
  EXPECT_EQ(raw_decode_error(""), "the first line must hold the dimensions: rows cols");
  EXPECT_EQ(raw_decode_error("3\n"), "the first line must hold the dimensions: rows cols");
  EXPECT_EQ(raw_decode_error("two three\n1 2 3 4 5 6\n"), "the first line must hold the dimensions: rows cols");
  EXPECT_EQ(raw_decode_error("-1 2\n"), "the first line must hold the dimensions: rows cols");
  EXPECT_EQ(raw_decode_error("2 2\n1 2 3\n"), "expected 4 values, found 3");
  EXPECT_EQ(raw_decode_error("2 2\n1 2 x 4\n"), "expected 4 values, found 2");
  EXPECT_EQ(raw_decode_error("1 2\n1 2 3\n"), "more values than the dimensions say");
  EXPECT_EQ(raw_decode_error("1 2\n1 2\n"), "");
}

TEST(TeachingKitRaw, DecodeOfHugeDimensionsIsAnErrorNotAnAllocation) {
  // Dimensions no file can hold must be rejected from the text, before any memory is reserved for them.
  std::string message;
  try {
    message = raw_decode_error("1000000000 1000000000\n1 2 3\n");
  } catch (const std::bad_alloc&) {
    message = "";
  }
  EXPECT_NE(message, "");
}

}  // namespace
}  // namespace kit
