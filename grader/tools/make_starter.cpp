// kit-make-starter: writes the starter derived from a solution file (see grader/src/release/starter.h).
//   kit-make-starter solutions/matmul-tiled/matmul_tiled.cu starter/matmul-tiled/matmul_tiled.cu
//   kit-make-starter --check solutions/... starter/...   (exit 1 when the starter is out of date)
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "release/starter.h"

int main(int argc, char** argv) {
  const bool check = argc == 4 && std::strcmp(argv[1], "--check") == 0;
  if (argc != 3 && !check) {
    std::fprintf(stderr, "usage: kit-make-starter [--check] SOLUTION STARTER\n");
    return 2;
  }
  const char* solution_path = argv[check ? 2 : 1];
  const char* starter_path = argv[check ? 3 : 2];
  std::ifstream in(solution_path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "kit-make-starter: cannot read %s\n", solution_path);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string starter;
  try {
    starter = kit::derive_starter(text.str(), solution_path);
  } catch (const kit::StarterError& e) {
    std::fprintf(stderr, "kit-make-starter: %s\n", e.what());
    return 2;
  }
  if (check) {
    std::ifstream current(starter_path, std::ios::binary);
    std::stringstream have;
    have << current.rdbuf();
    if (!current || have.str() != starter) {
      std::fprintf(stderr, "%s is out of date with %s: run `cmake --build build --target starters`\n", starter_path,
                   solution_path);
      return 1;
    }
    return 0;
  }
  std::ofstream(starter_path, std::ios::binary) << starter;
  return 0;
}
