// Tests of the copy problem: the bandwidth ceiling a transpose is measured against.
#include "kit/problem.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TEST(Copy, IsTheTransposesBandwidthCeilingWithTheSameWork) {
  const Problem* copy = find_problem("copy");
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->outputs({5, 7})[0].shape, (std::vector<long>{5, 7}));
  const Work a = copy->work({100, 300}), b = find_problem("transpose")->work({100, 300});
  EXPECT_EQ(a.bytes_read + a.bytes_written, b.bytes_read + b.bytes_written);
  const Dims d{6, 9};
  const Arrays in = generate_inputs(*copy, copy->variants.front(), d, 2);
  const Expected e = copy->reference(d, {}, in);
  for (std::size_t i = 0; i < 54; ++i) EXPECT_EQ(e.values[0][i], in[0].value(i));
}

}  // namespace
}  // namespace kit
