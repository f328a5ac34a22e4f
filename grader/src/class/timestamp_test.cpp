#include "class/timestamp.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {

std::int64_t utc_of(const std::string& text) {
  std::string why;
  const auto t = parse_timestamp(text, &why);
  EXPECT_TRUE(t.has_value()) << text << ": " << why;
  return t ? t->utc_seconds : -1;
}

std::string why_not_a_time(const std::string& text) {
  std::string why;
  EXPECT_FALSE(parse_timestamp(text, &why).has_value()) << text;
  return why;
}

TEST(PolicyTime, IsoTimesWithTheirOffsetsAreOneMoment) {
  EXPECT_EQ(utc_of("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(utc_of("2026-12-01T23:59:00-05:00"), utc_of("2026-12-02T04:59:00Z"));
  EXPECT_EQ(utc_of("2026-12-01T23:59:00-0500"), utc_of("2026-12-02T04:59:00+00:00"));
  EXPECT_EQ(utc_of("2026-12-01T23:59-05"), utc_of("2026-12-02T04:59:00Z"));
  EXPECT_EQ(utc_of("2024-02-29T12:00:00+05:30"), utc_of("2024-02-29T06:30:00Z"));
  // Gradescope's export writes Ruby's form: a space for the T, nanoseconds, a space before the offset.
  EXPECT_EQ(utc_of("2024-03-01 10:00:00.000000000 -08:00"), utc_of("2024-03-01T18:00:00Z"));
  // A fraction of a second is after the whole second: rounded up, never down.
  EXPECT_EQ(utc_of("2026-12-01T23:59:00.4-05:00"), utc_of("2026-12-01T23:59:01-05:00"));
}

TEST(PolicyTime, TextKeepsTheOffsetItWasWrittenWith) {
  EXPECT_EQ(timestamp_text(*parse_timestamp("2026-12-01T23:59-05:00")), "2026-12-01T23:59:00-05:00");
  EXPECT_EQ(timestamp_text(*parse_timestamp("2024-03-01 10:00:00.000000000 -08:00")), "2024-03-01T10:00:00-08:00");
  EXPECT_EQ(timestamp_text(*parse_timestamp("1969-12-31T23:00:00+00:00")), "1969-12-31T23:00:00Z");
  EXPECT_EQ(timestamp_text(*parse_timestamp("2026-01-01T00:30:00+05:30")), "2026-01-01T00:30:00+05:30");
  const Timestamp now = timestamp_now();
  EXPECT_EQ(parse_timestamp(timestamp_text(now))->utc_seconds, now.utc_seconds);
}

TEST(PolicyTime, TimesThatAreNotOneMomentAreRefusedWithWhy) {
  EXPECT_EQ(why_not_a_time("2026-12-01T23:59:00"), "has no UTC offset");
  EXPECT_EQ(why_not_a_time("2026-12-01 23:59"), "has no UTC offset");
  EXPECT_EQ(why_not_a_time("2026-12-01"), "is a date without a time and UTC offset");
  EXPECT_EQ(why_not_a_time("tomorrow"), "is not a date and time");
  EXPECT_EQ(why_not_a_time(""), "is not a date and time");
  EXPECT_EQ(why_not_a_time("2026-13-01T00:00:00Z"), "names month 13, which does not exist");
  EXPECT_EQ(why_not_a_time("2025-02-29T00:00:00Z"), "names a day its month does not have");
  EXPECT_EQ(why_not_a_time("2026-12-01T24:00:00Z"), "names a time of day that does not exist");
  EXPECT_EQ(why_not_a_time("2026-12-01T23:59:00+15:00"), "has a UTC offset beyond +-14:00");
  EXPECT_EQ(why_not_a_time("2026-12-01T23:59:00-05:00 EST"), "has something after its UTC offset");
  EXPECT_EQ(why_not_a_time("2026-12-01T23:59:00 EST"), "has no UTC offset");
}

}  // namespace
}  // namespace kit
