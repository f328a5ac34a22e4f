// Tests of the scale problem and of the scenes every picture problem draws its inputs from.
#include <set>

#include "kit/picture_blocks.h"
#include "kit/picture_scene.h"
#include "kit/poison.h"
#include "kit/problem.h"
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

const Problem& scale() { return *find_problem("scale"); }

TEST(Scale, DoublesEveryPixelOfAWidthByHeightPicture) {
  ASSERT_NE(find_problem("scale"), nullptr);
  EXPECT_TRUE(scale().pictures);
  const Dims d{76, 62};  // width, height: the course's picture
  EXPECT_EQ(scale().inputs(d)[0].shape, (std::vector<long>{62, 76}));
  const Arrays in = generate_inputs(scale(), *find_variant(scale(), "scene"), d, 5);
  const Expected e = scale().reference(d, {}, in);
  for (std::size_t i = 0; i < 62 * 76; ++i) {
    ASSERT_EQ(e.values[0][i], 2 * in[0].value(i));
    double scale_of_error = -1;
    EXPECT_EQ(scale().reference_element(d, {}, input_elements(in), 0, i, &scale_of_error), e.values[0][i]);
    EXPECT_EQ(scale_of_error, 0);
  }
}

TEST(Scale, AnUnscaledCopyIsNamed) {
  const Dims d{9, 4};
  const Arrays in = generate_inputs(scale(), scale().variants.front(), d, 1);
  HostArray got = make_array(scale().outputs(d)[0]);
  for (std::size_t i = 0; i < 36; ++i) got.set(i, in[0].value(i));
  const Expected e = scale().reference(d, {}, in);
  const Comparison c = compare_output(got, e.values[0], e.error_scales[0], Tolerance{}, 1);
  const Failure f{c, got, in, d, {}};
  EXPECT_NE(recognised_wrong_answer(scale().wrong_answers(f), 0, got).find("multiplied by 2"), std::string::npos);
}

// The 76x62 picture with its columns from `first_unwritten_col` on and its rows from
// `first_unwritten_row` on left unwritten (the runner's poison), compared and handed to the picture cause.
std::string cause_of_unwritten(long first_unwritten_col, long first_unwritten_row) {
  const Dims d{76, 62};
  const Arrays in = generate_inputs(scale(), scale().variants.front(), d, 1);
  const Expected e = scale().reference(d, {}, in);
  HostArray got = make_array(scale().outputs(d)[0]);
  fill_poison(got, 1);
  for (long r = 0; r < first_unwritten_row; ++r)
    for (long col = 0; col < first_unwritten_col; ++col) {
      const std::size_t i = static_cast<std::size_t>(r * 76 + col);
      got.set(i, e.values[0][i]);
    }
  const Comparison c = compare_output(got, e.values[0], e.error_scales[0], Tolerance{}, 1);
  return picture_index_cause({c, got, in, d, {}});
}

TEST(Scale, AnIndexWithXAndYExchangedIsNamedByThePixelsItMisses) {
  // 80 threads along x made to count rows reach all 62; 64 along y counting columns miss 64..75.
  EXPECT_NE(cause_of_unwritten(64, 62).find("Row comes from the x index"), std::string::npos);
  // A grid rounded down misses rows too: a different bug, not named here.
  EXPECT_EQ(cause_of_unwritten(64, 48), "");
  EXPECT_EQ(cause_of_unwritten(70, 62), "");
  EXPECT_EQ(cause_of_unwritten(76, 62), "");  // everything written
}

TEST(Scene, IsTheSameOnEveryCallAndLooksLikeAPicture) {
  const std::vector<long> shape{62, 76};
  for (std::uint64_t stream : {0u, 1u, 2u}) {
    std::set<long> levels;
    for (std::size_t i = 0; i < 62 * 76; ++i) {
      const long level = scene_level(shape, stream, i);
      ASSERT_GE(level, 0);
      ASSERT_LE(level, 255);
      ASSERT_EQ(level, scene_level(shape, stream, i));
      levels.insert(level);
    }
    EXPECT_GT(levels.size(), 8u) << "scene " << stream << " is nearly flat";
  }
}

TEST(Scene, GreyIsTheLuminanceOfTheColourPicture) {
  const std::vector<long> grey{5, 7}, colour{5, 7, 3};
  for (std::size_t p = 0; p < 35; ++p)
    EXPECT_EQ(scene_level(grey, 4, p),
              luminance(scene_level(colour, 4, 3 * p), scene_level(colour, 4, 3 * p + 1), scene_level(colour, 4, 3 * p + 2)));
}

TEST(Scene, HandlesOnePixelAndOneRowPictures) {
  for (const std::vector<long>& shape : {std::vector<long>{1, 1}, {1, 100}, {100, 1}, {1, 1, 3}})
    for (std::uint64_t stream : {0u, 1u, 2u}) {
      const long level = scene_level(shape, stream, 0);
      EXPECT_GE(level, 0);
      EXPECT_LE(level, 255);
    }
}

TEST(Scene, LevelsAreMappedToTheRecipesRange) {
  const Recipe r{Recipe::Kind::scene, 0, 127, 1};
  const ArraySpec spec{"Pin", DType::f32, {30, 40}};
  for (std::size_t i = 0; i < 1200; i += 7) {
    const double v = recipe_value(r, spec, 3, i);
    EXPECT_GE(v, 0);
    EXPECT_LE(v, 127);
    EXPECT_EQ(v, static_cast<double>(static_cast<long>(v)));
  }
  EXPECT_THROW(recipe_value(r, 3, 0), std::logic_error);
}

}  // namespace
}  // namespace kit
