// broken: matmul-naive
// bug: launches a kernel that does nothing and, at every call, sends a forged "done" record (status ok) ahead of the runner's own, with the runner's own kit::write_record, linked into every runner: no forbidden call at all
// class: forging the result channel (catalogue 9)
// defence: symbol-check: calls into the kit:: namespace are refused; without nvcc, call-record-integrity (the forged "done" does not count the calls) and grader-held-results: the channel carries only the runner's claims, and the grader reads P from the arena itself
// expect-build-fail-nvcc: calls kit::write_record, which no submission may
// expect-fail: small sizes
// expect-fail: multiples of the block
// expect-zero: correctness

// Before the object check refused calls into the kit (as it refuses definitions: interpose_*), this
// linked and ran: the forged "done" arrived first, so the grader read the arena back and moved on to the
// next seed while the runner's true "done" was still on its way, and was then taken for the next seed's: the conversation was thrown out of step,
// and still every seed was judged from the arena the grader filled ("never written").
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
