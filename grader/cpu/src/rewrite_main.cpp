// kitcpu-rewrite in.cu out.cpp [display_path]
//
// Rewrites a CUDA source file for the CPU backend (see kitcpu/rewrite.h). Used by the build to compile
// the backend's own test programs, and by people to see what the grader compiles. Exit status: 0 on
// success, 2 with a message naming file:line when the file cannot be rewritten or read.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <kitcpu/rewrite.h>

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: kitcpu-rewrite in.cu out.cpp [display_path]\n"
                 "Rewrites a CUDA source file into C++ for the kit's CPU backend; diagnostics and compiler\n"
                 "errors name display_path (default: in.cu as given).\n";
    return 2;
  }
  const std::string in_path = argv[1];
  const std::string out_path = argv[2];
  const std::string display_path = argc == 4 ? argv[3] : in_path;

  std::ifstream in(in_path, std::ios::binary);
  if (!in) {
    std::cerr << "kitcpu-rewrite: cannot read " << in_path << "\n";
    return 2;
  }
  std::ostringstream source;
  source << in.rdbuf();

  std::string rewritten;
  try {
    rewritten = kitcpu::rewrite_cuda_source(source.str(), display_path);
  } catch (const kitcpu::RewriteError& e) {
    std::cerr << display_path << ":" << e.line << ": error: " << e.what() << "\n";
    return 2;
  }

  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  out << rewritten;
  out.close();
  if (!out) {
    std::cerr << "kitcpu-rewrite: cannot write " << out_path << "\n";
    std::remove(out_path.c_str());
    return 2;
  }
  return 0;
}
