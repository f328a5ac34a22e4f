// broken: matmul-naive
// bug: prints 1 GiB to stdout and to stderr
// class: flooding the grader's output
// defence: the grader keeps the first bytes of each stream and drains the rest
// expect-fail: small sizes

#include <cstdio>
#include <vector>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    std::vector<char> chunk(1u << 20, 'y');
    chunk.back() = '\n';
    for (int i = 0; i < 512; ++i) {
        fwrite(chunk.data(), 1, chunk.size(), stdout);
        fwrite(chunk.data(), 1, chunk.size(), stderr);
    }
}
