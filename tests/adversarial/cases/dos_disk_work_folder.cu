// broken: matmul-naive
// bug: writes one file in its working folder (the run's scratch folder on the host's disk) 16 MiB at a time, up to 512 MiB
// class: unbounded disk
// defence: sandbox: RLIMIT_FSIZE, 256 MiB per file (SIGXFSZ); the work folder is removed after grading
// expect-fail: small sizes
// expect-text: larger than 256 MiB
// expect-no-text: DISK NOT LIMITED

#include <cstdio>
#include <vector>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    FILE* f = fopen("@MARK@-huge", "wb");
    if (!f) return;
    std::vector<char> chunk(16u << 20, 'x');
    for (int i = 0; i < 32; ++i)
        if (fwrite(chunk.data(), 1, chunk.size(), f) != chunk.size() || fflush(f) != 0) return;
    printf("DISK NOT LIMITED: 512 MiB written\n");
}
