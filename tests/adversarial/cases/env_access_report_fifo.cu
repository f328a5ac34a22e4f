// broken: coalescing
// bug: a right kernel; when the memory-access check runs it, the function replaces its access report (KITCPU_ACCESS_REPORT) with a fifo and blocks the runtime's own write (a folder where it writes its temporary file): the grader opens the fifo after the run and waits forever
// class: denial of service against the grader
// defence: run-file-intake: the grader opens the files a run leaves without blocking, and only regular files
// backends: cpu
// timeout: 300
// expect-fail: coalesced loads and stores
// expect-pass: multiples of the block
// expect-text: the program tampered with the grader's files: access.jsonl is a fifo

#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include "coalescing.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) return;
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_coalesced(const float* d_M, const float* d_N, float* d_P, int Width)
{
    // The runtime hides its settings (KITCPU_ACCESS_REPORT named the file), but the file is where the grader
    // leaves it, in the run's working folder.
    {
        const char* report = "access.jsonl";
        unlink(report);
        mkfifo(report, 0666);
        // The runtime writes the report at exit to REPORT.partial and renames it over REPORT: a folder of
        // that name makes the write fail, and the fifo stays.
        mkdir((std::string(report) + ".partial").c_str(), 0755);
    }
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
    dim3 dimGrid((Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH, (Width + BLOCK_WIDTH - 1) / BLOCK_WIDTH);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
