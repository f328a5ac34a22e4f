// Tests of the vector-add problem: C = A + B, exactly.
#include "kit/problem.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

TEST(VectorAdd, IsTheFloatSumOfTwoFullMantissaVectors) {
  const Problem* p = find_problem("vector_add");
  ASSERT_NE(p, nullptr);
  const Dims d{37};
  EXPECT_EQ(p->outputs(d)[0].shape, (std::vector<long>{37}));
  const Arrays in = generate_inputs(*p, p->variants.front(), d, 5);
  const Expected e = p->reference(d, {}, in);
  for (std::size_t i = 0; i < 37; ++i) {
    EXPECT_EQ(e.values[0][i], static_cast<double>(static_cast<float>(in[0].value(i)) + static_cast<float>(in[1].value(i))));
    EXPECT_EQ(e.error_scales[0][i], 0.0);
  }
  EXPECT_NE(in[0].value(0), in[1].value(0));  // two streams, not one array twice
}

TEST(VectorAdd, ReferenceElementAgreesWithTheWholeReference) {
  const Problem* p = find_problem("vector_add");
  const Dims d{10};
  const Arrays in = generate_inputs(*p, p->variants.front(), d, 3);
  const Expected e = p->reference(d, {}, in);
  const InputElements elements = input_elements(in);
  double scale = 1;
  EXPECT_EQ(p->reference_element(d, {}, elements, 0, 7, &scale), e.values[0][7]);
  EXPECT_EQ(scale, 0.0);
}

TEST(VectorAdd, WorkIsTwelveBytesAndOneAdditionAnElement) {
  const Work w = find_problem("vector_add")->work({1000});
  EXPECT_EQ(w.flops, 1000);
  EXPECT_EQ(w.bytes_read + w.bytes_written, 12000);
}

}  // namespace
}  // namespace kit
