#include "kit/runner_case.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace kit {
namespace {

using nlohmann::json;

json spec_json(const ArraySpec& s) { return {{"name", s.name}, {"dtype", dtype_name(s.dtype)}, {"shape", s.shape}}; }

ArraySpec spec_from(const json& j) {
  ArraySpec s;
  s.name = j.at("name").get<std::string>();
  if (!parse_dtype(j.at("dtype").get<std::string>(), &s.dtype)) throw std::runtime_error("unknown dtype");
  s.shape = j.at("shape").get<std::vector<long>>();
  for (long extent : s.shape)
    if (extent < 0) throw std::runtime_error("negative extent");
  return s;
}

}  // namespace

std::string encode_runner_case(const RunnerCase& c) {
  json j = {{"entry", c.entry}, {"dims", c.dims}, {"seeds", c.seeds}, {"inputs", json::array()},
            {"outputs", json::array()}};
  for (const RunnerInput& in : c.inputs) {
    json r = {{"kind", recipe_kind_name(in.recipe.kind)}, {"lo", in.recipe.lo}, {"hi", in.recipe.hi},
              {"denominator", in.recipe.denominator}};
    j["inputs"].push_back({{"spec", spec_json(in.spec)}, {"recipe", r}});
  }
  for (const ArraySpec& out : c.outputs) j["outputs"].push_back(spec_json(out));
  return j.dump();
}

RunnerCase decode_runner_case(const std::string& text) {
  try {
    const json j = json::parse(text);
    RunnerCase c;
    c.entry = j.at("entry").get<std::string>();
    c.dims = j.at("dims").get<Dims>();
    c.seeds = j.at("seeds").get<std::vector<std::uint64_t>>();
    for (const json& in : j.at("inputs")) {
      RunnerInput input;
      input.spec = spec_from(in.at("spec"));
      const json& r = in.at("recipe");
      if (!parse_recipe_kind(r.at("kind").get<std::string>(), &input.recipe.kind))
        throw std::runtime_error("unknown recipe kind");
      input.recipe.lo = r.at("lo").get<long>();
      input.recipe.hi = r.at("hi").get<long>();
      input.recipe.denominator = r.at("denominator").get<long>();
      if (input.recipe.hi < input.recipe.lo || input.recipe.denominator < 1) throw std::runtime_error("bad recipe");
      c.inputs.push_back(input);
    }
    for (const json& out : j.at("outputs")) c.outputs.push_back(spec_from(out));
    return c;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("not a runner case: ") + e.what());
  }
}

}  // namespace kit
