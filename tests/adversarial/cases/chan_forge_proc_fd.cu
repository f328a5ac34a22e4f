// broken: matmul-naive
// bug: launches a kernel that does nothing and, at every call, opens /proc/self/fd/3 (the private result channel) with fopen and writes a forged "done" record (status ok): no forbidden call at all
// class: forging the result channel (catalogue 9)
// defence: grader-held-results: the channel carries only the runner's claims, and the grader reads P from the arena itself, so the forgery gains nothing whether or not it arrives (a root grader's pipe cannot even be reopened by the runs' uid 65534; a grader run by a normal user hands it over)
// expect-fail: small sizes
// expect-text: never written
// expect-zero: correctness

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
    NothingKernel<<<1, 1>>>(d_P);  // a launch for the record of runtime calls; P is left as it was
    cudaDeviceSynchronize();
    const std::string record = framed('J', "{\"type\":\"done\",\"status\":\"ok\"}");
    if (FILE* channel = fopen("/proc/self/fd/3", "w")) {
        fwrite(record.data(), 1, record.size(), channel);
        fclose(channel);
    }
}
