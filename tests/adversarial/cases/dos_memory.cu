// broken: matmul-naive
// bug: allocates and touches memory 256 MiB at a time until it fails (stopping at 6 GiB), then crashes
// class: unbounded memory
// defence: sandbox: RLIMIT_DATA, 4 GiB per process
// expect-fail: small sizes
// expect-text: ran out of memory
// expect-no-text: MEMORY NOT LIMITED

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    const size_t chunk = 256u << 20;
    for (int i = 0; i < 24; ++i) {
        void* p = malloc(chunk);
        if (!p) {
            printf("allocation %d failed\n", i);
            fflush(stdout);
            abort();
        }
        memset(p, 1, chunk);
    }
    printf("MEMORY NOT LIMITED: 6 GiB allocated\n");
    fflush(stdout);
    abort();
}
