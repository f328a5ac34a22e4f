#include "kit/problem.h"

#include <cstdint>

namespace kit {

const char* metric_unit(Metric metric) { return metric == Metric::gbps ? "GB/s" : "GFLOP/s"; }

bool parse_metric(const std::string& unit, Metric* metric) {
  if (unit == "GFLOP/s") *metric = Metric::gflops;
  else if (unit == "GB/s") *metric = Metric::gbps;
  else return false;
  return true;
}

double throughput(const Work& work, Metric metric, double seconds) {
  const double amount = metric == Metric::gbps ? work.bytes_read + work.bytes_written : work.flops;
  return amount / seconds / 1e9;
}

const InputVariant* find_variant(const Problem& problem, const std::string& name) {
  for (const InputVariant& v : problem.variants)
    if (v.name == name) return &v;
  return nullptr;
}

Arrays generate_inputs(const Problem& problem, const InputVariant& variant, const Dims& dims, std::uint64_t seed) {
  const std::vector<ArraySpec> specs = problem.inputs(dims);
  Arrays arrays;
  for (std::size_t i = 0; i < specs.size(); ++i) arrays.push_back(generate_array(specs[i], variant.recipes[i], seed, i));
  return arrays;
}

InputElements input_elements(const Problem& problem, const InputVariant& variant, const Dims& dims, std::uint64_t seed) {
  std::vector<std::uint64_t> streams;
  const std::vector<ArraySpec> specs = problem.inputs(dims);
  for (std::size_t i = 0; i < specs.size(); ++i) streams.push_back(array_stream(seed, specs[i].name, i));
  std::vector<Recipe> recipes = variant.recipes;
  return {[streams, recipes, specs](std::size_t array, std::size_t index) {
    // Through the dtype, as the arrays hold it: a u8 wraps, a float rounds. No array is made for the one
    // element: a spot check of a large product reads millions of them.
    const double v = recipe_value(recipes[array], specs[array], streams[array], index);
    switch (specs[array].dtype) {
      case DType::f32: return static_cast<double>(static_cast<float>(v));
      case DType::i32: return static_cast<double>(static_cast<std::int32_t>(v));
      case DType::u8: return static_cast<double>(static_cast<unsigned char>(static_cast<long>(v) & 0xFF));
    }
    return v;
  }};
}

InputElements input_elements(const Arrays& arrays) {
  return {[&arrays](std::size_t array, std::size_t index) { return arrays[array].value(index); }};
}

}  // namespace kit
