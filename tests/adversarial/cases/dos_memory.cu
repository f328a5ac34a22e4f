// broken: matmul-naive
// bug: allocates memory 256 MiB at a time until an allocation fails (stopping at 6 GiB), then crashes to show how far it got
// class: unbounded memory
// defence: sandbox: RLIMIT_DATA, 4 GiB per process
// expect-fail: small sizes
// expect-text: allocations stopped at
// expect-no-text: NOT LIMITED

// The pages are not touched: RLIMIT_DATA counts what is mapped, so the limit shows without the test
// taking 4 GiB of the CI machine's memory (the grader's "ran out of memory" message, which needs a
// resident size near the limit, is the sandbox's own tests' business).
#include <cstdio>
#include <cstdlib>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    int mib = 0;
    while (mib < 6144 && malloc(256u << 20)) mib += 256;
    printf("allocations stopped at %d MiB%s\n", mib, mib >= 6144 ? " (NOT LIMITED)" : "");
    fflush(stdout);
    abort();
}
