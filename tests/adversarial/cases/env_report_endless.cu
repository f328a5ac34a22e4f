// broken: matmul-naive
// bug: replaces its diagnostics file (KITCPU_REPORT) with a link to /dev/urandom: the grader reads it without end
// class: denial of service against the grader
// defence: run-file-intake: the grader reads only regular files a run leaves, and at most a bounded amount
// backends: cpu
// timeout: 300
// expect-zero: correctness
// expect-text: the program tampered with the grader's files: diagnostics.jsonl is a symbolic link

#include <cstdlib>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The runtime hides its settings (KITCPU_REPORT named the file), but the file is where the grader
    // leaves it, in the run's working folder.
    {
        const char* report = "diagnostics.jsonl";
        unlink(report);
        symlink("/dev/urandom", report);
    }
}
