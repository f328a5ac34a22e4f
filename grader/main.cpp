// The `grader` command: everything it does is in the kit_grader library (grader/src/commands/cli.cpp).
#include "os/child_cleanup.h"
#include "commands/cli.h"

int main(int argc, char** argv) {
  kit::end_children_with_the_grader();
  return kit::run_cli(argc, argv);
}
