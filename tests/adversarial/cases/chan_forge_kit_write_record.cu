// broken: matmul-naive
// bug: launches a kernel that does nothing and, at every call, sends a forged "done" record (status ok) ahead of the runner's own, with the runner's own kit::write_record, linked into every runner: no forbidden call at all
// class: forging the result channel (catalogue 9)
// defence: grader-held-results: the channel carries only the runner's claims, and the grader reads P from the arena itself; the runner never sees the seeds or how inputs are drawn, so no record could carry a right answer anyway
// expect-fail: small sizes
// expect-fail: multiples of the block
// expect-text: never written
// expect-zero: correctness

// Calling the kit's functions is allowed (defining them is not: interpose_*). The forged "done" arrives
// first, so the grader reads the arena back and moves on to the next seed while the runner's true "done"
// is still on its way, and is then taken for the next seed's: the conversation is thrown out of step,
// and still every seed is judged from the arena the grader filled.
#include <string>
#include "kit/channel.h"
#include "matmul_naive.h"

__global__ void NothingKernel(float*) {}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    NothingKernel<<<1, 1>>>(d_P);  // a launch for the record of runtime calls; P is left as it was
    cudaDeviceSynchronize();
    const std::string done = "{\"type\":\"done\",\"status\":\"ok\"}";
    kit::write_record(3, kit::RecordType::json, done.data(), done.size());
}
