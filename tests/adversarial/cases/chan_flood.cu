// broken: matmul-naive
// bug: writes 768 MiB of array records to the private result channel with the runner's own kit::write_record
// class: flooding the result channel (catalogue 9)
// defence: the grader kills a run past 512 MiB on the channel
// expect-fail: small sizes
// expect-text: flooded the result channel

#include <vector>
#include "kit/channel.h"
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    if (Width != 1) return;  // once, at the smallest size
    std::vector<char> chunk(1u << 20, 'A');
    for (int i = 0; i < 768; ++i)
        if (!kit::write_record(3, kit::RecordType::array, chunk.data(), chunk.size())) break;
}
