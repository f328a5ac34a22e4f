// broken: matmul-naive
// bug: forges the records with the runner's own kit::write_record, linked into every runner: no forbidden call at all
// class: forging the result channel (catalogue 9)
// defence: grader-held-results
// waits-for: grader-held-results
// expect-zero: correctness

#include "kit/channel.h"
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include "kit/runner_case.h"
#include "matmul_naive.h"

// The records the grader reads from the private channel, for every seed of this run, with the right
// answers: the runner's command line (--case) says how the inputs are drawn, and the kit's own functions,
// linked into every runner, draw them again. No device memory is read, no kernel runs.
static std::string forged_records()
{
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(in)), {});
    std::string text;
    for (size_t start = 0, end; start < all.size(); start = end + 1) {
        end = all.find('\0', start);
        if (end == std::string::npos) end = all.size();
        if (all.compare(start, end - start, "--case") == 0) text = all.substr(end + 1, all.find('\0', end + 1) - end - 1);
    }
    if (text.empty()) return "";
    const kit::RunnerCase run = kit::decode_runner_case(text);
    const long W = run.dims[0];
    std::string stream;
    auto frame = [&](char type, const void* data, unsigned long long size) {
        stream += type;
        for (int b = 0; b < 8; ++b) stream += (char)((size >> (8 * b)) & 0xff);
        stream.append((const char*)data, size);
    };
    for (unsigned long long seed : run.seeds) {
        const kit::HostArray M = kit::generate_array(run.inputs[0].spec, run.inputs[0].recipe, seed, 0);
        const kit::HostArray N = kit::generate_array(run.inputs[1].spec, run.inputs[1].recipe, seed, 1);
        const float* m = (const float*)M.bytes.data();
        const float* n = (const float*)N.bytes.data();
        std::vector<float> P(W * W);
        for (long r = 0; r < W; ++r)
            for (long c = 0; c < W; ++c) {
                double sum = 0;
                for (long k = 0; k < W; ++k) sum += (double)m[r * W + k] * n[k * W + c];
                P[r * W + c] = (float)sum;
            }
        const std::string report = "{\"type\":\"case\",\"seed\":" + std::to_string(seed) +
                                   ",\"status\":\"ok\",\"guards\":[],\"inputs_modified\":[]}";
        frame('J', report.data(), report.size());
        frame('A', P.data(), P.size() * sizeof(float));
    }
    return stream;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    static bool sent = false;
    if (sent) return;
    sent = true;
    // forged_records() frames the records itself; write_record frames them again, so unwrap each one.
    const std::string records = forged_records();
    for (size_t at = 0; at + 9 <= records.size();) {
        unsigned long long size = 0;
        for (int b = 0; b < 8; ++b) size |= (unsigned long long)(unsigned char)records[at + 1 + b] << (8 * b);
        kit::write_record(3, (kit::RecordType)records[at], records.data() + at + 9, size);
        at += 9 + size;
    }
}
