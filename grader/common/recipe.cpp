#include "kit/recipe.h"

#include <cmath>
#include <stdexcept>

#include "kit/picture_scene.h"
#include "kit/random.h"

namespace kit {
namespace {

constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ULL;  // SplitMix64's increment

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A uniform integer in [0, n): the high half of a 64x64 product. The bias is below n / 2^64, far too
// small to matter for test data, and unlike rejection sampling it needs exactly one draw per element.
std::uint64_t below(std::uint64_t h, std::uint64_t n) {
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(h) * n) >> 64);
}

}  // namespace

std::uint64_t array_stream(std::uint64_t seed, const std::string& array_name, std::size_t array_index) {
  return derive_seed(seed, array_name, array_index);
}

double recipe_value(const Recipe& r, std::uint64_t stream, std::size_t index) {
  const std::uint64_t h = mix(stream + (static_cast<std::uint64_t>(index) + 1) * kGamma);
  switch (r.kind) {
    case Recipe::Kind::grid: {
      const long first = r.lo * r.denominator, last = r.hi * r.denominator;
      const long k = first + static_cast<long>(below(h, static_cast<std::uint64_t>(last - first) + 1));
      return static_cast<double>(k) / static_cast<double>(r.denominator);
    }
    case Recipe::Kind::full_mantissa: {
      // The low 24 bits give the mantissa and the sign; the exponent comes from the high bits.
      const double mantissa = 1.0 + static_cast<double>(h & 0x7FFFFF) / 8388608.0;  // 1 + m / 2^23
      const double sign = (h >> 23) & 1 ? -1.0 : 1.0;
      const long e = r.lo + static_cast<long>(below(h, static_cast<std::uint64_t>(r.hi - r.lo) + 1));
      return sign * std::ldexp(mantissa, static_cast<int>(e));
    }
    case Recipe::Kind::integers:
      return static_cast<double>(r.lo + static_cast<long>(below(h, static_cast<std::uint64_t>(r.hi - r.lo) + 1)));
    case Recipe::Kind::scene:
      throw std::logic_error("a scene's elements depend on the array's shape: call recipe_value with its spec");
  }
  return 0;
}

double recipe_value(const Recipe& r, const ArraySpec& spec, std::uint64_t stream, std::size_t index) {
  if (r.kind != Recipe::Kind::scene) return recipe_value(r, stream, index);
  const long level = scene_level(spec.shape, stream, index);  // 0..255
  return static_cast<double>(r.lo + ((r.hi - r.lo) * level + 127) / 255);
}

HostArray generate_array(const ArraySpec& spec, const Recipe& recipe, std::uint64_t seed, std::size_t array_index) {
  return generate_from_stream(spec, recipe, array_stream(seed, spec.name, array_index));
}

HostArray generate_from_stream(const ArraySpec& spec, const Recipe& recipe, std::uint64_t stream) {
  HostArray a = make_array(spec);
  const std::size_t n = spec.count();
  if (spec.dtype == DType::u8) {
    for (std::size_t i = 0; i < n; ++i)
      a.bytes[i] = static_cast<unsigned char>(static_cast<long>(recipe_value(recipe, spec, stream, i)) & 0xFF);
  } else {
    for (std::size_t i = 0; i < n; ++i) a.set(i, recipe_value(recipe, spec, stream, i));
  }
  return a;
}

const char* recipe_kind_name(Recipe::Kind kind) {
  switch (kind) {
    case Recipe::Kind::grid: return "grid";
    case Recipe::Kind::full_mantissa: return "full-mantissa";
    case Recipe::Kind::integers: return "integers";
    case Recipe::Kind::scene: return "scene";
  }
  return "?";
}

bool parse_recipe_kind(const std::string& name, Recipe::Kind* kind) {
  for (Recipe::Kind k : {Recipe::Kind::grid, Recipe::Kind::full_mantissa, Recipe::Kind::integers, Recipe::Kind::scene})
    if (name == recipe_kind_name(k)) {
      *kind = k;
      return true;
    }
  return false;
}

std::string describe_recipe(const Recipe& r) {
  const std::string lo = std::to_string(r.lo), hi = std::to_string(r.hi);
  switch (r.kind) {
    case Recipe::Kind::grid:
      return "multiples of 1/" + std::to_string(r.denominator) + " in [" + lo + ", " + hi + "]";
    case Recipe::Kind::full_mantissa:
      return "floats with all 24 significant bits random, magnitudes in [2^" + lo + ", 2^" + std::to_string(r.hi + 1) +
             "), either sign";
    case Recipe::Kind::integers: return "whole numbers in [" + lo + ", " + hi + "]";
    case Recipe::Kind::scene:
      return "a generated picture (landscape, rings or tiles, picked by the seed), levels in [" + lo + ", " + hi + "]";
  }
  return "?";
}

}  // namespace kit
