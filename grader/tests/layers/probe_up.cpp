// Compiled as part of the assignment layer: the rubric's parser must not reach the grading engine. This
// include has to fail ("No such file"), which is what layers.upward-include-fails checks.
#include "checks/technique.h"
