// Tests of the greyscale problem: the integer luminance, and the slips it names.
#include "kit/picture_scene.h"
#include "kit/problem.h"
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

const Problem& greyscale() { return *find_problem("greyscale"); }

TEST(Greyscale, RoundsTheCoursesWeightsToNearest) {
  EXPECT_EQ(luminance(255, 255, 255), 255);
  EXPECT_EQ(luminance(0, 0, 0), 0);
  EXPECT_EQ(luminance(100, 0, 0), 21);
  EXPECT_EQ(luminance(0, 1, 0), 1);   // 0.72 rounds up
  EXPECT_EQ(luminance(0, 0, 7), 0);   // 0.49 rounds down
  EXPECT_EQ(luminance(0, 0, 8), 1);   // 0.56 rounds up
}

TEST(Greyscale, ReadsInterleavedPixels) {
  const Dims d{3, 2};
  ASSERT_NE(find_problem("greyscale"), nullptr);
  EXPECT_EQ(greyscale().inputs(d)[0].shape, (std::vector<long>{2, 3, 3}));
  EXPECT_EQ(greyscale().outputs(d)[0].shape, (std::vector<long>{2, 3}));
  Arrays in{make_array(greyscale().inputs(d)[0])};
  for (std::size_t i = 0; i < 18; ++i) in[0].set(i, static_cast<double>(i * 13 % 256));
  const Expected e = greyscale().reference(d, {}, in);
  for (std::size_t p = 0; p < 6; ++p)
    EXPECT_EQ(e.values[0][p], luminance(in[0].value(3 * p), in[0].value(3 * p + 1), in[0].value(3 * p + 2)));
}

std::string cause_of(const Dims& d, const std::function<double(const HostArray&, std::size_t)>& bug) {
  const Arrays in = generate_inputs(greyscale(), greyscale().variants.front(), d, 9);
  HostArray got = make_array(greyscale().outputs(d)[0]);
  for (std::size_t p = 0; p < got.spec.count(); ++p) got.set(p, bug(in[0], p));
  const Expected e = greyscale().reference(d, {}, in);
  const Comparison c = compare_output(got, e.values[0], e.error_scales[0], Tolerance{}, 9);
  const Failure f{c, got, in, d, {}};
  return recognised_wrong_answer(greyscale().wrong_answers(f), 0, got);
}

TEST(Greyscale, NamesTruncationSwappedChannelsAndPlanes) {
  const Dims d{17, 5};
  auto v = [](const HostArray& a, std::size_t i) { return static_cast<long>(a.value(i)); };
  EXPECT_NE(cause_of(d, [&](const HostArray& a, std::size_t p) {
              return static_cast<double>((21 * v(a, 3 * p) + 72 * v(a, 3 * p + 1) + 7 * v(a, 3 * p + 2)) / 100);
            }).find("rounded down"),
            std::string::npos);
  EXPECT_NE(cause_of(d, [&](const HostArray& a, std::size_t p) {
              return static_cast<double>(luminance(v(a, 3 * p + 2), v(a, 3 * p + 1), v(a, 3 * p)));
            }).find("r, g, b in that order"),
            std::string::npos);
  EXPECT_NE(cause_of(d, [&](const HostArray& a, std::size_t p) {
              return static_cast<double>(luminance(v(a, p), v(a, p + 85), v(a, p + 170)));
            }).find("three planes"),
            std::string::npos);
  // An unsigned char luminance: 21r + 72g + 7b wraps at 256 before the division.
  EXPECT_NE(cause_of(d, [&](const HostArray& a, std::size_t p) {
              const long wrapped = (21 * v(a, 3 * p) + 72 * v(a, 3 * p + 1) + 7 * v(a, 3 * p + 2)) % 256;
              return static_cast<double>((wrapped + 50) / 100);
            }).find("wraps at 256"),
            std::string::npos);
}

}  // namespace
}  // namespace kit
