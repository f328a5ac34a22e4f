// broken: matmul-tiled
// bug: includes a file of the grader's prepared folder by its path: in a batch its builds/ holds the baselines' runners, built from the solutions
// class: calling the reference instead of writing the kernel (catalogue 16)
// defence: sandbox: a compile sees the prepared folder's harness/, read-only, and nothing else of it
// build-cache: yes
// expect-build-fail: No such file
// expect-zero: score

// The checker writes the path of the prepared folder's builds/ in place of @BUILD_CACHE@ and plants a file there first.
#include "@BUILD_CACHE@/planted.runner"
#include "matmul_tiled.h"

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width) {}
