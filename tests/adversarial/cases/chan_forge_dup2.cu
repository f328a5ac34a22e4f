// broken: matmul-naive
// bug: dup2(3, 1), so that stdout is the private result channel, then prints a forged "done" record (status ok) at every call, after a kernel that does nothing
// class: forging the result channel (catalogue 9)
// defence: symbol-check (dup, dup2); grader-held-results: the channel carries only the runner's claims, and the grader reads P from the arena itself
// expect-build-fail-nvcc: dup2: duplicates a file descriptor
// expect-zero: correctness

// Without the object check (no nvcc) the forgery reaches the grader, which finds P still poisoned.
#include <cstdio>
#include <string>
#include <unistd.h>
#include "matmul_naive.h"

__global__ void NothingKernel(float*) {}

static std::string framed(char type, const std::string& bytes)
{
    std::string record(1, type);
    for (int b = 0; b < 8; ++b) record += (char)((bytes.size() >> (8 * b)) & 0xff);
    return record + bytes;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    NothingKernel<<<1, 1>>>(d_P);
    cudaDeviceSynchronize();
    const std::string record = framed('J', "{\"type\":\"done\",\"status\":\"ok\"}");
    fflush(stdout);
    const int saved = dup(1);
    dup2(3, 1);
    fwrite(record.data(), 1, record.size(), stdout);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
}
