// The `grader` command: everything it does is in the kit_grader library (grader/src/cli.cpp).
#include "kit/cli.h"

int main(int argc, char** argv) { return kit::run_cli(argc, argv); }
