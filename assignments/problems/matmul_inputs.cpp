// Matmul inputs: multiples of 1/16 in [-2, 2]. Every product is a multiple of 1/256 below 4 in magnitude,
// so a float sum of up to 2^16 of them is exact in any order: a correct kernel's result is exact, and any
// difference is a bug, not rounding. The values are varied enough that no row or column repeats.
#include "matmul.h"

#include "kit/random.h"

namespace kit {
namespace {

std::vector<ArrayShape> matmul_input_shapes(const Dims& d) {
  return {{"M", d[0], d[1]}, {"N", d[1], d[2]}};
}

std::vector<ArrayShape> matmul_output_shapes(const Dims& d) { return {{"P", d[0], d[2]}}; }

Arrays matmul_generate_inputs(const Dims& d, std::uint64_t seed) {
  Arrays arrays;
  std::uint64_t index = 0;
  for (const ArrayShape& shape : matmul_input_shapes(d)) {
    Rng rng{derive_seed(seed, shape.name, index++)};
    std::vector<float> values(shape.count());
    for (float& v : values) v = static_cast<float>(static_cast<long>(uniform_below(rng, 65)) - 32) / 16.0f;
    arrays.push_back(std::move(values));
  }
  return arrays;
}

}  // namespace

const ProblemInputs kMatmulInputs = {
    "matmul", {"j", "k", "l"}, matmul_input_shapes, matmul_output_shapes, matmul_generate_inputs};

}  // namespace kit
