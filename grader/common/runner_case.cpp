#include "kit/runner_case.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace kit {
namespace {

using nlohmann::json;

constexpr std::size_t kAlignment = 4096;

std::size_t round_up(std::size_t n) { return (n + kAlignment - 1) / kAlignment * kAlignment; }

json spec_json(const ArraySpec& s) { return {{"name", s.name}, {"dtype", dtype_name(s.dtype)}, {"shape", s.shape}}; }

ArraySpec spec_from(const json& j) {
  ArraySpec s;
  s.name = j.at("name").get<std::string>();
  if (!parse_dtype(j.at("dtype").get<std::string>(), &s.dtype)) throw std::runtime_error("unknown dtype");
  s.shape = j.at("shape").get<std::vector<long>>();
  for (long extent : s.shape)
    if (extent < 0 || extent > (1L << 40)) throw std::runtime_error("impossible extent");
  return s;
}

}  // namespace

RunnerCase layout_runner_case(const std::string& entry, const Dims& dims, const std::vector<ArraySpec>& inputs,
                              const std::vector<ArraySpec>& outputs, std::size_t guard_bytes,
                              std::size_t lead_bytes) {
  RunnerCase c;
  c.entry = entry;
  c.dims = dims;
  const std::size_t guard = round_up(guard_bytes);
  std::size_t at = round_up(lead_bytes);
  for (const auto* list : {&inputs, &outputs})
    for (const ArraySpec& spec : *list) {
      at += guard;
      c.arrays.push_back({spec, list == &inputs, at, guard});
      at += round_up(std::max<std::size_t>(spec.bytes(), 1)) + guard;
    }
  c.arena_bytes = std::max<std::size_t>(at, kAlignment);
  return c;
}

std::string encode_runner_case(const RunnerCase& c) {
  json j = {{"entry", c.entry}, {"dims", c.dims}, {"arena_bytes", c.arena_bytes}, {"arrays", json::array()}};
  for (const ArenaArray& a : c.arrays)
    j["arrays"].push_back({{"spec", spec_json(a.spec)}, {"input", a.input}, {"offset", a.offset},
                           {"guard_bytes", a.guard_bytes}});
  if (c.fail_allocation > 0) j["fail_allocation"] = c.fail_allocation;
  if (c.keep_shared_memory) j["keep_shared_memory"] = true;
  return j.dump();
}

RunnerCase decode_runner_case(const std::string& text) {
  try {
    const json j = json::parse(text);
    RunnerCase c;
    c.entry = j.at("entry").get<std::string>();
    c.dims = j.at("dims").get<Dims>();
    c.arena_bytes = j.at("arena_bytes").get<std::size_t>();
    c.fail_allocation = j.value("fail_allocation", 0);
    c.keep_shared_memory = j.value("keep_shared_memory", false);
    std::size_t end = 0;
    for (const json& a : j.at("arrays")) {
      ArenaArray array{spec_from(a.at("spec")), a.at("input").get<bool>(), a.at("offset").get<std::size_t>(),
                       a.at("guard_bytes").get<std::size_t>()};
      if (array.offset < end + array.guard_bytes || array.offset + array.spec.bytes() + array.guard_bytes > c.arena_bytes)
        throw std::runtime_error("an array lies outside the arena or over another");
      end = array.offset + array.spec.bytes();
      c.arrays.push_back(array);
    }
    return c;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("not a runner case: ") + e.what());
  }
}

}  // namespace kit
