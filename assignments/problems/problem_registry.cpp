// Every problem's full definition, by name, for the grader. A new problem adds one line here.
#include "matmul.h"

namespace kit {

const ProblemDef* find_problem(const std::string& name) {
  for (const ProblemDef* p : {&kMatmulProblem})
    if (p->inputs->name == name) return p;
  return nullptr;
}

}  // namespace kit
