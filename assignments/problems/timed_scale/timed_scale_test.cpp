// Tests of the timed-scale problem: y = 2x exactly, a report any finite value passes, 8n bytes a launch.
#include "kit/problem.h"
#include "kit/tolerance.h"

#include <cmath>

#include <gtest/gtest.h>

namespace kit {
namespace {

TEST(TimedScale, DoublesExactlyAndLeavesTheReportToTheTimingChecks) {
  const Problem* p = find_problem("timed-scale");
  ASSERT_NE(p, nullptr);
  const Dims d{257};
  const Arrays in = generate_inputs(*p, p->variants.front(), d, 5);
  const Expected e = p->reference(d, {}, in);
  ASSERT_EQ(e.values.size(), 2u);
  for (std::size_t i = 0; i < 257; ++i) {
    EXPECT_EQ(e.values[0][i], 2 * in[0].value(i));
    EXPECT_EQ(e.error_scales[0][i], 0.0);
  }
  const Tolerance tolerance{Tolerance::Policy::reduction_length, 4};
  EXPECT_LT(allowed_error(tolerance, e.error_scales[0][0]), 1e-20);
  EXPECT_TRUE(std::isinf(allowed_error(tolerance, e.error_scales[1][0])));
  const Work w = p->work({1000});
  EXPECT_EQ(w.bytes_read + w.bytes_written, 8000.0);
}

}  // namespace
}  // namespace kit
