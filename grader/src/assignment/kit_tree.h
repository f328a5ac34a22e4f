// Where the grader finds assignments, starters and solutions: a course's own tree first (`--kit DIR`, or
// the KIT_ROOT variable), then the kit's own tree (the source tree, or <prefix>/share/cuda-memory-kit of an
// installed kit). A course tree is laid out like the kit (assignments/<a>/rubric.yaml and harness.cpp,
// starter/<a>/, solutions/<a>/); an assignment is taken whole from the first tree that has it.
// docs/course-tree.md explains it for instructors.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kit {

// Uses DIR as the course tree for the rest of this process (and the gradings it starts). Throws
// UserError when DIR does not exist or holds no assignments/ folder.
void use_course_tree(const std::string& dir);

// The course tree in use: the one given to use_course_tree, else KIT_ROOT (checked as use_course_tree
// does), else none.
std::optional<std::string> course_tree();

// The trees looked in, in order: the course tree (when there is one), then the kit's own.
std::vector<std::string> kit_trees();

// The first of `trees` holding `relative`, joined with it; when none holds it, the path in the first tree
// (so that a message names where it was looked for).
std::string find_in_trees(const std::vector<std::string>& trees, const std::string& relative);

// find_in_trees over kit_trees(): e.g. kit_file("solutions/matmul-naive/matmul_naive.cu").
std::string kit_file(const std::string& relative);

// The folder of assignment `name`: assignments/<name> of the first tree whose copy has a rubric.yaml.
std::string assignment_folder(const std::string& name);

// The names of assignments/<a>/ holding a rubric.yaml in any of `trees`, sorted, each once.
std::vector<std::string> assignment_names(const std::vector<std::string>& trees);

}  // namespace kit
