// The `grader` command: everything it does is in the kit_grader library (grader/src/cli.cpp).
#include "kit/child_cleanup.h"
#include "kit/cli.h"

int main(int argc, char** argv) {
  kit::end_children_with_the_grader();
  return kit::run_cli(argc, argv);
}
