// broken: matmul-tiled
// bug: includes a file of the grader's build cache by its path: in a batch the cache holds the baselines' runners, built from the solutions
// class: calling the reference instead of writing the kernel (catalogue 16)
// defence: sandbox: a compile sees the cache's harness folder, read-only, and nothing else of the cache
// build-cache: yes
// expect-build-fail: No such file
// expect-zero: score

// The checker writes the cache's path in place of @BUILD_CACHE@ and plants a file there first.
#include "@BUILD_CACHE@/planted.runner"
#include "matmul_tiled.h"

void matmul_tiled(const float* d_M, const float* d_N, float* d_P, int Width) {}
