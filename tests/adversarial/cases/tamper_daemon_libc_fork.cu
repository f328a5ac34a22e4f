// broken: matmul-naive
// bug: a daemon started with libc's fork() and setsid() that rewrites the grader's --output file after the grader exits
// class: tampering with the result after grading (catalogue 18); background processes (catalogue 17)
// defence: symbol-check (fork); sandbox: nothing outlives a run
// expect-build-fail-nvcc: calls fork, which no submission may
// expect-settled: 2
// expect-zero: correctness

#include <cstdio>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (fork() != 0) return;
    setsid();
    if (fork() != 0) _exit(0);
    for (int i = 0; i < 100; ++i) {
        usleep(200 * 1000);
        if (FILE* f = fopen("@OUTPUT@", "w")) {
            fputs("{\"score\":100,\"max_score\":100,\"tests\":[]}\n", f);
            fclose(f);
        }
    }
    _exit(0);
}
