// Tests of pointing a diagnosis at the handout section that explains it.
#include "class/handout_sections.h"

#include <gtest/gtest.h>

#include "util/text.h"

namespace kit {
namespace {

TEST(HandoutSections, FindsTheSectionOfEachCategoryInTheKitsHandouts) {
  const std::string tiled = read_text_file(std::string(KIT_TEST_DATA_DIR) + "/../../../assignments/matmul-tiled/README.md");
  ASSERT_FALSE(tiled.empty());
  EXPECT_EQ(handout_section_for(tiled, "missing-barrier").title, "The two barriers");
  EXPECT_EQ(handout_section_for(tiled, "out-of-bounds-read").title, "The three boundary tests");
  EXPECT_EQ(handout_section_for(tiled, "uninitialized-shared-read").title,
            "When Width is not a multiple of TILE_WIDTH: a 3 x 3 walk-through");
  const std::string transpose = read_text_file(std::string(KIT_TEST_DATA_DIR) + "/../../../assignments/transpose/README.md");
  EXPECT_EQ(handout_section_for(transpose, "missing-barrier").title, "The barrier between loading and reading the tile");
  EXPECT_EQ(handout_section_for(transpose, "shared-out-of-bounds-write").title, "Bank conflicts and the padding column");
  EXPECT_EQ(handout_section_for(transpose, "wrong-answer").title, "Reading a failure report");
}

TEST(HandoutSections, IgnoresTheTitleAndCodeAndFallsBackToNothing) {
  const std::string text = "# The barrier kit\n\n```\n## barrier in a code block\n```\n\n## Goal\n";
  EXPECT_EQ(handout_section_for(text, "missing-barrier").title, "");
  EXPECT_EQ(handout_section_for("", "missing-barrier").title, "");
}

TEST(HandoutSections, AnchorsAsGitHubMakesThem) {
  EXPECT_EQ(markdown_anchor("When Width is not a multiple of TILE_WIDTH: a 3 x 3 walk-through"),
            "when-width-is-not-a-multiple-of-tile_width-a-3-x-3-walk-through");
  EXPECT_EQ(markdown_anchor("TILE_DIM and BLOCK_ROWS are compile-time constants"),
            "tile_dim-and-block_rows-are-compile-time-constants");
}

}  // namespace
}  // namespace kit
