// broken: matmul-naive
// bug: writes into the kit tree (rubric, solution, datasets), a canary in the grader's home, and /tmp, /var/tmp, /dev/shm of the host
// class: tampering with harness files or the environment (catalogue 18)
// defence: sandbox: the kit tree and home are absent, /tmp and /dev/shm are private, / is read-only
// expect-zero: correctness

#include <cstdio>
#include "matmul_naive.h"

static void scribble(const char* path, const char* mode)
{
    if (FILE* f = fopen(path, mode)) {
        fputs("points: 1000000\n", f);
        fclose(f);
    }
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    scribble("@KIT_ROOT@/assignments/matmul-naive/rubric.yaml", "a");
    scribble("@KIT_ROOT@/solutions/matmul-naive/matmul_naive.cu", "a");
    scribble("@KIT_ROOT@/starter/matmul-naive/matmul_naive.cu", "w");
    scribble("@KIT_ROOT@/datasets/matmul-naive/SHA256SUMS", "w");
    scribble("@KIT_ROOT@/assignments/matmul-naive/@MARK@", "w");
    scribble("@KIT_ROOT@/@MARK@", "w");
    scribble("@CANARY@", "w");
    scribble("@HOME@/@MARK@", "w");
    scribble("/tmp/@MARK@", "w");
    scribble("/var/tmp/@MARK@", "w");
    scribble("/dev/shm/@MARK@", "w");
}
