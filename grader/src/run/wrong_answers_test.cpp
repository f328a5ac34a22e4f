// Matching a wrong output against a problem's known wrong answers (kit/wrong_answers.h).
#include "kit/wrong_answers.h"

#include <gtest/gtest.h>

#include <cmath>

namespace kit {
namespace {

HostArray filled(std::vector<double> values) {
  HostArray a = make_array({"P", DType::f32, {static_cast<long>(values.size())}});
  for (std::size_t i = 0; i < values.size(); ++i) a.set(i, values[i]);
  return a;
}

WrongAnswer constant(std::string cause, double value, std::size_t output = 0) {
  return {std::move(cause), output, [value](std::size_t) { return value; }};
}

TEST(WrongAnswers, TheFirstCandidateEqualToTheOutputNamesTheCause) {
  const HostArray got = filled({2, 2, 2});
  EXPECT_EQ(recognised_wrong_answer({constant("ones", 1), constant("twos", 2), constant("also twos", 2)}, 0, got), "twos");
  EXPECT_EQ(recognised_wrong_answer({constant("ones", 1)}, 0, got), "");
  EXPECT_EQ(recognised_wrong_answer({}, 0, got), "");
}

TEST(WrongAnswers, EqualMeansWithinFloatRounding) {
  EXPECT_EQ(recognised_wrong_answer({constant("near", 1000)}, 0, filled({1000.05})), "near");   // 1e-4 of 1001
  EXPECT_EQ(recognised_wrong_answer({constant("near", 1000)}, 0, filled({1000.2})), "");
  EXPECT_EQ(recognised_wrong_answer({constant("zero", 0)}, 0, filled({0, 1e-5})), "zero");
  EXPECT_EQ(recognised_wrong_answer({constant("zero", 0)}, 0, filled({0, std::nan("")})), "");
  EXPECT_EQ(recognised_wrong_answer({constant("inf", INFINITY)}, 0, filled({INFINITY})), "");
}

TEST(WrongAnswers, OnlyTheCandidatesOfThatOutputAreTried) {
  const HostArray got = filled({3});
  EXPECT_EQ(recognised_wrong_answer({constant("of output 1", 3, 1)}, 0, got), "");
  EXPECT_EQ(recognised_wrong_answer({constant("of output 1", 3, 1)}, 1, got), "of output 1");
}

}  // namespace
}  // namespace kit
