// broken: matmul-naive
// bug: computes P on the host (M and N copied down, a CPU loop, P copied up) and, at its first call, writes the CPU backend's record of runtime calls itself (KITCPU_CALLS, a file in the run's own folder) with one kernel launch in it and makes it read-only, so that the runtime's own record, appended at exit, is never written
// class: forging the record of runtime calls (catalogue 9); doing the work outside the kernel
// defence: call-record-integrity: the grader reads no record file; the runner takes the calls from the runtime's memory when the function returns and reports them on its channel, and KITCPU_CALLS is not set in a grading
// backends: cpu
// expect-zero: correctness
// expect-text: the answer came from host code: your code copied the input M

// When the grader read the runtime's KITCPU_CALLS file after the run, this got 60 / 60: the runtime
// appended its calls at exit, the runs of a root grader are uid 65534, which a mode of 0444 stops like
// anyone else, and the grader read the forged line alone (a launch, no copy, and P right).
#include <cstdlib>
#include <fstream>
#include <vector>
#include <sys/stat.h>
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width) {}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static bool forged = false;
    if (!forged) {
        forged = true;
        if (const char* path = std::getenv("KITCPU_CALLS")) {
            std::ofstream(path) << "{\"call\":\"launch\",\"result\":\"cudaSuccess\",\"kernel\":\"MatrixMulKernel(float "
                                   "const*, float const*, float*, int)\",\"grid\":[1,1,1],\"block\":[16,16,1],"
                                   "\"shared_bytes\":0}\n";
            chmod(path, 0444);
        }
    }
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n), N(n), P(n);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(N.data(), d_N, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int r = 0; r < Width; ++r)
        for (int c = 0; c < Width; ++c) {
            float sum = 0;
            for (int k = 0; k < Width; ++k) sum += M[(size_t)r * Width + k] * N[(size_t)k * Width + c];
            P[(size_t)r * Width + c] = sum;
        }
    cudaMemcpy(d_P, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
