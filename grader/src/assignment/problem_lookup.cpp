// Finding a problem by name among those the build found (kit/problem_list.h, generated), apart from
// problem.cpp, which the problems themselves use: the list includes every problem, not the other way.
#include <string>
#include <vector>

#include "kit/problem.h"
#include "kit/problem_list.h"

namespace kit {

const Problem* find_problem(const std::string& name) {
  for (const Problem* p : all_problems())
    if (p->name == name) return p;
  return nullptr;
}

std::vector<std::string> problem_names() {
  std::vector<std::string> names;
  for (const Problem* p : all_problems()) names.push_back(p->name);
  return names;
}

}  // namespace kit
