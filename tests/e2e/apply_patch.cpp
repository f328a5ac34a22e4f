// kit-apply-patch: writes a broken kernel of the kit, its assignment's solution with the patch applied,
// into a submission folder under the solution's file name, for the scripts that grade broken kernels or
// hand them out (scripts/make-demo-class.sh, scripts/handout-reports.sh, the batch tests).
//
//   kit-apply-patch assignments/<assignment>/broken/<name>.patch FOLDER
//
// Exit 0; 2 with what is wrong, e.g. a patch that no longer applies because the solution changed since
// it was made (assignments/README.md, "Broken kernels", says how to make it again).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "broken_kernel.h"
#include "unified_diff.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: kit-apply-patch assignments/<assignment>/broken/<name>.patch FOLDER\n");
    return 2;
  }
  try {
    const kit_e2e::BrokenKernel k = kit_e2e::load_broken_kernel(argv[1]);
    const std::filesystem::path out = std::filesystem::path(argv[2]) / k.student_file;
    std::filesystem::create_directories(argv[2]);
    std::ofstream file(out, std::ios::binary);
    file << k.source;
    if (!file.flush()) {
      std::fprintf(stderr, "kit-apply-patch: cannot write %s\n", out.c_str());
      return 2;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kit-apply-patch: %s\n", e.what());
    return 2;
  }
  return 0;
}
