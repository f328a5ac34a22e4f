// broken: matmul-naive
// bug: fills /tmp and /dev/shm with 32 MiB files until a write fails (stopping at 768 MiB each), then crashes to show how far it got
// class: unbounded disk and memory (tmpfs)
// defence: sandbox: /tmp and /dev/shm are private tmpfs of 256 MiB each, gone with the run
// expect-fail: small sizes
// expect-no-text: NOT LIMITED

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include "matmul_naive.h"

static int fill(const std::string& folder)
{
    std::vector<char> chunk(32u << 20, 'x');
    int written = 0;
    for (int i = 0; i < 24; ++i) {
        FILE* f = fopen((folder + "/@MARK@-" + std::to_string(i)).c_str(), "wb");
        if (!f) break;
        const bool ok = fwrite(chunk.data(), 1, chunk.size(), f) == chunk.size() && fclose(f) == 0;
        if (!ok) break;
        written += 32;
    }
    return written;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    const int tmp = fill("/tmp"), shm = fill("/dev/shm");
    printf("/tmp took %d MiB%s, /dev/shm %d MiB%s\n", tmp, tmp > 300 ? " (NOT LIMITED)" : "", shm,
           shm > 300 ? " (NOT LIMITED)" : "");
    fflush(stdout);
    abort();
}
