// Tests of the blur problem: the average over the pixels of the patch inside the picture, the
// BLUR_SIZE of the build, and the bugs it names.
#include "kit/problem.h"
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

const Problem& blur() { return *find_problem("blur"); }

Arrays picture(const Dims& d, const std::vector<int>& levels) {
  Arrays in{make_array(blur().inputs(d)[0])};
  for (std::size_t i = 0; i < levels.size(); ++i) in[0].set(i, levels[i]);
  return in;
}

TEST(Blur, AveragesOnlyThePixelsInsideThePicture) {
  const Dims d{3, 2};  // 3 wide, 2 high
  const Arrays in = picture(d, {10, 20, 30,
                                40, 50, 61});
  const Expected e = blur().reference(d, {}, in);
  EXPECT_EQ(e.values[0][0], (10 + 20 + 40 + 50) / 4);             // a corner: 4 of 9 pixels
  EXPECT_EQ(e.values[0][1], (10 + 20 + 30 + 40 + 50 + 61) / 6);   // an edge: 6 of 9
  EXPECT_EQ(e.values[0][5], (20 + 30 + 50 + 61) / 4);             // 40.25 truncates to 40
}

TEST(Blur, TakesBlurSizeFromTheBuild) {
  const Dims d{5, 1};
  const Arrays in = picture(d, {0, 0, 0, 0, 250});
  EXPECT_EQ(blur().reference(d, {}, in).values[0][0], 0);
  EXPECT_EQ(blur().reference(d, {{"BLUR_SIZE", 4}}, in).values[0][0], 50);  // all 5 pixels
  double scale = -1;
  EXPECT_EQ(blur().reference_element(d, {{"BLUR_SIZE", 4}}, input_elements(in), 0, 0, &scale), 50);
}

TEST(Blur, NamesTheWholePatchDivisorAndAHardCodedBlurSize) {
  const Dims d{13, 11};
  const Knobs knobs{{"BLUR_SIZE", 2}};
  const Arrays in = generate_inputs(blur(), *find_variant(blur(), "scene"), d, 4);
  const Expected right = blur().reference(d, knobs, in);
  auto cause = [&](const Knobs& as_built, bool whole_patch) {
    // What a kernel built with `as_built` computes, judged against the build `knobs`.
    const Expected e = blur().reference(d, as_built, in);
    HostArray got = make_array(blur().outputs(d)[0]);
    for (std::size_t i = 0; i < got.spec.count(); ++i) got.set(i, e.values[0][i]);
    if (whole_patch) {
      const long r = knob_value(as_built, "BLUR_SIZE", 1);
      for (long row = 0; row < 11; ++row)
        for (long col = 0; col < 13; ++col) {
          long sum = 0;
          for (long dr = -r; dr <= r; ++dr)
            for (long dc = -r; dc <= r; ++dc)
              if (row + dr >= 0 && row + dr < 11 && col + dc >= 0 && col + dc < 13)
                sum += static_cast<long>(in[0].value(static_cast<std::size_t>((row + dr) * 13 + col + dc)));
          got.set(static_cast<std::size_t>(row * 13 + col), static_cast<double>(sum / ((2 * r + 1) * (2 * r + 1))));
        }
    }
    const Comparison c = compare_output(got, right.values[0], right.error_scales[0], Tolerance{}, 4);
    const Failure f{c, got, in, d, knobs};
    return recognised_wrong_answer(blur().wrong_answers(f), 0, got);
  };
  EXPECT_NE(cause(knobs, true).find("divides by the whole patch"), std::string::npos);
  EXPECT_NE(cause({{"BLUR_SIZE", 1}}, false).find("blur with BLUR_SIZE 1"), std::string::npos);
}

// A sum kept in an unsigned char: it wraps at 256 before the division, which a bright patch makes wrong.
TEST(Blur, NamesASumKeptInAByte) {
  const Dims d{13, 11};
  const Arrays in = generate_inputs(blur(), *find_variant(blur(), "scene"), d, 4);
  const Expected right = blur().reference(d, {}, in);
  HostArray got = make_array(blur().outputs(d)[0]);
  for (long row = 0; row < 11; ++row)
    for (long col = 0; col < 13; ++col) {
      unsigned char sum = 0;
      int pixels = 0;
      for (long dr = -1; dr <= 1; ++dr)
        for (long dc = -1; dc <= 1; ++dc)
          if (row + dr >= 0 && row + dr < 11 && col + dc >= 0 && col + dc < 13) {
            sum = static_cast<unsigned char>(sum + in[0].value(static_cast<std::size_t>((row + dr) * 13 + col + dc)));
            ++pixels;
          }
      got.set(static_cast<std::size_t>(row * 13 + col), static_cast<double>(sum / pixels));
    }
  const Comparison c = compare_output(got, right.values[0], right.error_scales[0], Tolerance{}, 4);
  ASSERT_FALSE(c.passed());
  const Failure f{c, got, in, d, {}};
  EXPECT_NE(recognised_wrong_answer(blur().wrong_answers(f), 0, got).find("your sum wraps at 256"), std::string::npos);
}

}  // namespace
}  // namespace kit
