// broken: matmul-naive
// bug: nests 20,000 folders with 200-character names in its working folder, far past PATH_MAX, and takes every right away from the deepest ones, so that the work folder outlives the grading
// class: unbounded disk; leaving traces on the grading host
// defence: the work folder's removal works one level at a time through directory descriptors (grader/src/os/remove_tree.cpp) and restores rights a run took away
// expect-zero: correctness

#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    const std::string name = "@MARK@-" + std::string(190, 'd');
    for (int depth = 0; depth < 20000; ++depth) {
        if (mkdir(name.c_str(), 0755) != 0 || chdir(name.c_str()) != 0) break;
        if (depth > 19990) chmod(".", 0);  // the last few: no right to list or remove anything in them
    }
}
