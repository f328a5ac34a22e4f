// What a rubric may say of each kind of technique check: its name, whether it runs one of the student's
// functions (and so needs the rubric's `function` and `size`), and the thresholds it reads, with their
// defaults. The rubric's parser holds a technique entry to this table; how each kind is checked is the
// checks layer's (checks/technique.cpp), one row per kind there too, and a unit test keeps the two tables
// naming the same kinds.
#pragma once

#include <string>
#include <vector>

namespace kit {

// A threshold a kind reads from the rubric, with the value it takes when the rubric does not give one.
struct TechniqueLimit {
  const char* name;  // "max_sectors_per_request"
  double default_value;
};

struct TechniqueSpec {
  const char* name;        // the rubric's `check:`
  bool runs_the_function;  // needs the rubric's `function` and `size`
  std::vector<TechniqueLimit> limits;
  // The checks of host code and of a timing's report judge a run's record of runtime calls, which both
  // backends make, and the memory-access checks count a run's accesses (Nsight Compute on a GPU, the access
  // build on the CPU backend): they run wherever the file builds, nvcc or not. The others read nvcc's report.
  bool needs_nvcc = true;
};

const std::vector<TechniqueSpec>& technique_specs();
const TechniqueSpec* find_technique_spec(const std::string& name);

}  // namespace kit
