// broken: matmul-naive
// bug: reads the committed datasets/ through the grader's path, finds the seed whose M matches, and uploads its P
// class: reading the expected outputs (catalogue 8)
// defence: sandbox: a run sees its program and its scratch folder, no kit tree
// expect-zero: correctness

#include <cstdio>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include "matmul_naive.h"

// The values of a float32 .npy file (format 1.0: a 10-byte preamble, then the header, then the data).
static std::vector<float> read_npy(const std::string& path)
{
    std::vector<float> values;
    FILE* f = fopen(path.c_str(), "rb");
    if (!f) return values;
    unsigned char preamble[10];
    if (fread(preamble, 1, 10, f) == 10) {
        fseek(f, 10 + (preamble[8] | (preamble[9] << 8)), SEEK_SET);
        float v;
        while (fread(&v, sizeof v, 1, f) == 1) values.push_back(v);
    }
    fclose(f);
    return values;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    const size_t n = (size_t)Width * Width;
    std::vector<float> M(n);
    cudaMemcpy(M.data(), d_M, n * sizeof(float), cudaMemcpyDeviceToHost);
    static const char* const groups[] = {"small-sizes", "multiples-of-the-block", "not-a-multiple-of-the-block"};
    for (const char* group : groups)
        for (int seed = 1; seed <= 3; ++seed) {
            const std::string folder = std::string("@KIT_ROOT@/datasets/matmul-naive/") + group + "/width-" +
                                       std::to_string(Width) + "/seed-" + std::to_string(seed) + "/";
            if (read_npy(folder + "M.npy") != M) continue;
            const std::vector<float> P = read_npy(folder + "P.npy");
            if (P.size() == n) cudaMemcpy(d_P, P.data(), n * sizeof(float), cudaMemcpyHostToDevice);
            return;
        }
}
