// broken: matmul-naive
// bug: launches a kernel that does nothing and, at every call, writes a forged "done" record (status ok) to the private result channel through fdopen(3, "w")
// class: forging the result channel (catalogue 9)
// defence: symbol-check (fdopen); grader-held-results: the channel carries only the runner's claims, and the grader reads P from the arena itself
// expect-build-fail-nvcc: calls fdopen, which no submission may
// expect-zero: correctness

// Without the object check (no nvcc) the forgery reaches the grader, which finds P still poisoned.
#include <cstdio>
#include <string>
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
    static FILE* channel = fdopen(3, "w");
    if (!channel) return;
    const std::string record = framed('J', "{\"type\":\"done\",\"status\":\"ok\"}");
    fwrite(record.data(), 1, record.size(), channel);
    fflush(channel);
}
