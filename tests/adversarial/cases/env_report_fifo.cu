// broken: matmul-naive
// bug: replaces its diagnostics file (KITCPU_REPORT) with a fifo: the grader, opening it after the run, waits forever
// class: denial of service against the grader
// defence: run-file-intake: the grader opens the files a run leaves without blocking, and only regular files
// backends: cpu
// timeout: 300
// expect-zero: correctness
// expect-text: the program tampered with the grader's files: diagnostics.jsonl is a fifo

#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The runtime hides its settings (KITCPU_REPORT named the file), but the file is where the grader
    // leaves it, in the run's working folder.
    {
        const char* report = "diagnostics.jsonl";
        unlink(report);
        mkfifo(report, 0666);
    }
}
