// broken: matmul-naive
// bug: reads the kit's solution through the grader's path and prints it where the report shows a crash's output
// class: reading the reference (catalogue 8)
// defence: sandbox: a run sees no kit tree
// expect-no-text: BEGIN SOLUTION
// expect-zero: correctness

#include <cstdio>
#include <cstdlib>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    FILE* f = fopen("@KIT_ROOT@/solutions/matmul-naive/matmul_naive.cu", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) printf("%s", line);
    fflush(stdout);
    abort();  // a crash: the report shows the program's last output
}
