// broken: matmul-naive
// bug: replaces its diagnostics file (KITCPU_REPORT, in its scratch folder) with a link to a secret of the grader's user, which the grader then reads as root
// class: reading the grader's secrets into a test's details (catalogue 8); lying on a channel the grader reads
// defence: run-file-intake: the grader opens the files a run leaves without following links, and only regular files
// backends: cpu
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
        symlink("@SECRET_FILE@", report);
    }
    abort();  // a crash: the report shows the diagnostics file's lines
}
