// A course's grading seed: the secret seed that draws its hidden tests (random sizes, input seeds of the
// groups that are not visible), kept in the course tree as a file named grading-seed holding one number.
// The rubric's own seed is public (every copy of the kit has it), so hidden tests drawn from it are not
// hidden; the Gradescope bundle refuses to be made without a grading seed, and a batch of the course uses
// it unless --seed is given. docs/course-tree.md says it for people.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kit {

inline constexpr const char* kGradingSeedFile = "grading-seed";

// The number in `path`: decimal digits, blanks around them allowed. nullopt when there is no such file;
// throws UserError naming the file when it holds anything else.
std::optional<std::uint64_t> read_grading_seed(const std::string& path);

// The course tree's grading seed (assignment/kit_tree.h): nullopt without a course tree or without the file.
std::optional<std::uint64_t> course_grading_seed();

}  // namespace kit
