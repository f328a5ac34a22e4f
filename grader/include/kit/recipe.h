// How the values of one input array are drawn. A recipe is plain data, so the grader can hand it to a
// runner, print it in a dataset manifest, and every side computes the same values from it.
//
// Every element is a function of (seed, array, element index) alone: the n-th value of a SplitMix64
// stream is a hash of n, so one element can be computed without the others (spot checks of big outputs
// need only the inputs they read), and the same values can be made on a GPU as on the CPU.
#pragma once

#include <cstdint>
#include <string>

#include "kit/array.h"

namespace kit {

struct Recipe {
  enum class Kind {
    grid,           // multiples of 1/denominator in [lo, hi]: float sums of products stay exact
    full_mantissa,  // +-(1.m) x 2^e, e in [lo, hi], all 23 mantissa bits random: low precision shows
    integers,       // whole numbers in [lo, hi]
    scene,          // a picture a person recognises (picture_scene.h), its levels mapped to [lo, hi]
  };
  Kind kind = Kind::grid;
  long lo = -2, hi = 2;
  long denominator = 16;  // grid only
};

// The stream of one array: `array_index` is its position among the problem's inputs.
std::uint64_t array_stream(std::uint64_t seed, const std::string& array_name, std::size_t array_index);

// Element `index` of the array whose stream is `stream`. A scene's elements depend on the array's shape:
// `spec` gives it (recipe_value of a scene without it throws std::logic_error).
double recipe_value(const Recipe& recipe, std::uint64_t stream, std::size_t index);
double recipe_value(const Recipe& recipe, const ArraySpec& spec, std::uint64_t stream, std::size_t index);

// The whole array of one stream.
HostArray generate_from_stream(const ArraySpec& spec, const Recipe& recipe, std::uint64_t stream);

// The whole array. Values a dtype cannot hold (a u8 outside 0..255) are the recipe author's mistake:
// they wrap, as a C cast would.
HostArray generate_array(const ArraySpec& spec, const Recipe& recipe, std::uint64_t seed, std::size_t array_index);

// "multiples of 1/16 in [-2, 2]", for handouts and manifests.
std::string describe_recipe(const Recipe& recipe);

const char* recipe_kind_name(Recipe::Kind kind);  // "grid", "full-mantissa", "integers"
bool parse_recipe_kind(const std::string& name, Recipe::Kind* kind);

}  // namespace kit
