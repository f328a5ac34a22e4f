#include "util/csv.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {

TEST(Csv, TextWithCommasQuotesAndLineBreaksIsQuoted) {
  EXPECT_EQ(csv_text("alice"), "alice");
  EXPECT_EQ(csv_text("Doe, Jane"), "\"Doe, Jane\"");
  EXPECT_EQ(csv_text("Jane \"JD\" Doe"), "\"Jane \"\"JD\"\" Doe\"");
  EXPECT_EQ(csv_text("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_text(""), "");
}

// OWASP's rule: a cell that starts like a formula gets a single quote in front, and is quoted.
TEST(Csv, TextThatStartsLikeAFormulaIsNeutralised) {
  EXPECT_EQ(csv_text("=1+1"), "\"'=1+1\"");
  EXPECT_EQ(csv_text("+1"), "\"'+1\"");
  EXPECT_EQ(csv_text("-2"), "\"'-2\"");
  EXPECT_EQ(csv_text("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_text("\tx"), "\"'\tx\"");
  EXPECT_EQ(csv_text("\rx"), "\"'\rx\"");
  EXPECT_EQ(csv_text("=HYPERLINK(\"http://127.0.0.1:9/?g=\"&D2,\"grades\")"),
            "\"'=HYPERLINK(\"\"http://127.0.0.1:9/?g=\"\"&D2,\"\"grades\"\")\"");
  // Only the first character counts: a formula sign inside a name is harmless.
  EXPECT_EQ(csv_text("Mary-Jane"), "Mary-Jane");
  EXPECT_EQ(csv_text("a=b"), "a=b");
}

TEST(Csv, NumbersTheKitFormattedStayNumbers) {
  for (const char* number : {"0", "70", "7.5", "33.33", "-0.25", "1e+06", "2.5E-3", "10.0"})
    EXPECT_EQ(csv_number(number), number) << number;
  EXPECT_EQ(csv_number(""), "");
}

TEST(Csv, ANumberThatIsNotOneIsText) {
  EXPECT_EQ(csv_number("=1"), "\"'=1\"");
  EXPECT_EQ(csv_number("-1+1"), "\"'-1+1\"");
  EXPECT_EQ(csv_number("+5"), "\"'+5\"");
  EXPECT_EQ(csv_number("1,5"), "\"1,5\"");
  EXPECT_EQ(csv_number("nan"), "nan");
  EXPECT_EQ(csv_number("-inf"), "\"'-inf\"");
  EXPECT_EQ(csv_number("1."), "1.");  // not a plain number, but harmless text
}

TEST(Csv, ALineJoinsItsCellsWithRfc4180sLineEnding) {
  EXPECT_EQ(csv_line({csv_text("=x"), csv_number("1"), ""}), "\"'=x\",1,\r\n");
}

}  // namespace
}  // namespace kit
