// broken: matmul-naive
// bug: launches a kernel that does nothing and, at every call, writes a forged "done" record (status ok, the runner's own words) to the private result channel, fd 3, with write()
// class: forging the result channel (catalogue 9)
// defence: symbol-check (write); grader-held-results: the channel carries only the runner's claims ("ready", "done", timing samples), and the grader reads P, the inputs and the guard zones from the arena itself
// expect-build-fail-nvcc: calls write, which no submission may
// expect-zero: correctness

// The runner no longer reads the outputs back or says whether they are right: a "done" only says that
// the call ended. Where the object check does not run (a kit built without nvcc) the forgery reaches the
// grader, which then finds P as it poisoned it: "never written".
#include <unistd.h>
#include <string>
#include "matmul_naive.h"

__global__ void NothingKernel(float*) {}

// One record as the runner frames it (kit/channel.h): a type byte, an 8-byte little-endian length, the bytes.
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
    for (size_t done = 0; done < record.size();) {
        const ssize_t put = write(3, record.data() + done, record.size() - done);
        if (put <= 0) break;
        done += put;
    }
}
