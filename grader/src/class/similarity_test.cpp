// Tests of the class's similarity screening: the tokens it fingerprints, winnowing's guarantee, and which
// pairs it reports: a disguised copy yes; independent work, the starter alone and code every student was
// given or most of the class wrote, no.
#include "class/similarity.h"

#include <algorithm>
#include <random>
#include <set>

#include <gtest/gtest.h>

namespace kit {
namespace {

std::vector<std::string> texts(const std::vector<SimilarityToken>& tokens) {
  std::vector<std::string> out;
  for (const SimilarityToken& t : tokens) out.push_back(t.text);
  return out;
}

// One string per line that has tokens: "<line>: <tokens>".
std::vector<std::string> by_line(const std::vector<SimilarityToken>& tokens) {
  std::vector<std::string> out;
  int line = 0;
  for (const SimilarityToken& t : tokens) {
    if (t.line != line) out.push_back(std::to_string(t.line) + ":"), line = t.line;
    out.back() += " " + t.text;
  }
  return out;
}

// A block-sum assignment: the starter every student gets, two ways of solving it written apart, and a
// copy of the first in disguise.
const char* const kStarter = R"cu(// Sum of an array: each block sums BLOCK elements in shared memory.
#include "reduce.h"

__global__ void blockSum(const float* in, float* total, int n)
{
    __shared__ float partial[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: load in[i] into partial[threadIdx.x], 0 outside the array
    // TODO: halve the active threads until partial[0] holds the block's sum
    // TODO: thread 0 adds partial[0] to *total
}

void reduce(const float* d_in, float* d_total, int n)
{
    // TODO: enough blocks of BLOCK threads to cover n; launch blockSum
}
)cu";

const char* const kTreeSum = R"cu(// Sum of an array: each block sums BLOCK elements in shared memory.
#include "reduce.h"

// Element i, or nothing to add when i is past the end.
__device__ float elementOrZero(const float* a, int i, int n)
{
    return i < n ? a[i] : 0.0f;
}

__global__ void blockSum(const float* in, float* total, int n)
{
    __shared__ float partial[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    partial[threadIdx.x] = elementOrZero(in, i, n);
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(total, partial[0]);
}

void reduce(const float* d_in, float* d_total, int n)
{
    int blocks = (n + BLOCK - 1) / BLOCK;
    blockSum<<<blocks, BLOCK>>>(d_in, d_total, n);
    cudaGetLastError();
}
)cu";

// kTreeSum renamed, reformatted, re-commented, its functions reordered and a dead statement added.
const char* const kTreeSumDisguised = R"cu(/* reduce.cu -- lab 3, my solution */
#include "reduce.h"

void reduce(const float* d_in, float* d_total, int n) {
  int nb = (n + BLOCK - 1) / BLOCK;   // round up
  blockSum<<<nb, BLOCK>>>(d_in, d_total, n);
  cudaGetLastError();
}

__device__ float fetch(const float* v, int k, int len) { return k < len ? v[k] : 0.0f; }

__global__ void blockSum(const float* src, float* acc, int len) {
  __shared__ float buf[BLOCK];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int unused = g;
  buf[threadIdx.x] = fetch(src, g, len);
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) buf[threadIdx.x] += buf[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(acc, buf[0]);
}
)cu";

// The same assignment solved another way: each warp sums with shuffles, then one thread per warp adds.
const char* const kWarpSum = R"cu(#include "reduce.h"

__global__ void blockSum(const float* in, float* total, int n)
{
    __shared__ float partial[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : 0.0f;
    for (int offset = warpSize / 2; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffff, v, offset);
    const int lane = threadIdx.x % warpSize;
    if (lane == 0) {
        atomicAdd(total, v);
    }
    (void)partial;
}

void reduce(const float* d_in, float* d_total, int n)
{
    dim3 block(BLOCK);
    dim3 grid((n + BLOCK - 1) / BLOCK);
    blockSum<<<grid, block>>>(d_in, d_total, n);
}
)cu";

// Another kernel altogether.
const char* const kHistogram = R"cu(#include <cstdio>

__global__ void histogram(const unsigned char* data, unsigned int* bins, int n)
{
    __shared__ unsigned int local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

int main()
{
    unsigned char* d_data;
    unsigned int* d_bins;
    cudaMalloc(&d_data, 1 << 20);
    cudaMalloc(&d_bins, 256 * sizeof(unsigned int));
    cudaMemset(d_bins, 0, 256 * sizeof(unsigned int));
    histogram<<<64, 256>>>(d_data, d_bins, 1 << 20);
    cudaDeviceSynchronize();
    printf("done\n");
    cudaFree(d_data);
    cudaFree(d_bins);
}
)cu";

TEST(SimilarityTokens, DropCommentsAndIncludesAnonymiseNamesAndKeepCudasWords) {
  const std::string source =
      "#include <cstdio>\n"                                       // 1
      "#define TILE 16\n"                                         // 2
      "// a comment\n"                                            // 3
      "__global__ void scale(float* out, /* in */ int n) {\n"     // 4
      "  __shared__ float tile[TILE];\n"                          // 5
      "  int i = blockIdx.x * blockDim.x + threadIdx.y;\n"        // 6
      "  if (i < n) out[i] = 2.5f * 'a';\n"                       // 7
      "  __syncthreads();\n"                                      // 8
      "  printf(\"i=%d\\n\", i);  /* two\n lines */ cudaFree(out);\n"  // 9, 10
      "}\n";
  EXPECT_EQ(by_line(similarity_tokens(source)),
            (std::vector<std::string>{
                "2: #define V N",
                "4: __global__ void V ( float * V , int V ) {",
                "5: __shared__ float V [ V ] ;",
                "6: int V = blockIdx . x * blockDim . x + threadIdx . y ;",
                "7: if ( V < V ) V [ V ] = N * C ;",
                "8: __syncthreads ( ) ;",
                "9: printf ( S , V ) ;",
                "10: cudaFree ( V ) ;",
                "11: }",
            }));
}

TEST(SimilarityTokens, ReadALaunchAndAStudentsNameThatMerelyResemblesAKeywordAsCode) {
  EXPECT_EQ(texts(similarity_tokens("k<<<g, b>>>(p); int interval; x >>= 1;")),
            (std::vector<std::string>{"V", "<<<", "V", ",", "V", ">>>", "(", "V", ")", ";", "int", "V", ";", "V",
                                      ">>=", "N", ";"}));
  // A comment that never ends and a string that breaks at its line's end do not swallow the next line.
  EXPECT_EQ(texts(similarity_tokens("a = \"open\nb; /* never closed")),
            (std::vector<std::string>{"V", "=", "S", "V", ";"}));
}

// Winnowing as published: every fingerprint is the smallest hash of some window (the rightmost of equal
// ones), and every window's smallest is a fingerprint.
TEST(Winnowing, ChoosesTheRightmostSmallestHashOfEveryWindow) {
  std::mt19937 random(7);
  const std::vector<std::string> alphabet = {"V", "N", "(", ")", "+"};  // few kinds: many equal hashes
  std::vector<SimilarityToken> tokens;
  for (int i = 0; i < 300; ++i) tokens.push_back({alphabet[random() % alphabet.size()], i + 1});
  const int k = 3, w = 5;
  const std::vector<std::uint64_t> hashes = kgram_hashes(tokens, k);
  ASSERT_EQ(hashes.size(), tokens.size() - k + 1);
  const std::vector<Fingerprint> chosen = winnow(tokens, k, w);
  std::set<int> positions;
  for (const Fingerprint& f : chosen) {
    EXPECT_EQ(f.hash, hashes[f.position]);
    EXPECT_TRUE(positions.insert(f.position).second) << "position " << f.position << " chosen twice";
  }
  for (std::size_t start = 0; start + w <= hashes.size(); ++start) {
    std::size_t smallest = start;
    for (std::size_t j = start; j < start + w; ++j)
      if (hashes[j] <= hashes[smallest]) smallest = j;
    EXPECT_TRUE(positions.count(static_cast<int>(smallest))) << "window at " << start;
  }
}

TEST(Winnowing, AnySharedRunOfWindowPlusKMinusOneTokensYieldsASharedFingerprint) {
  std::mt19937 random(11);
  const std::vector<std::string> alphabet = {"V", "N", "(", ")", "+", "*", "[", "]", "=", ";", "if", "for"};
  const auto some_tokens = [&](int n) {
    std::vector<SimilarityToken> out;
    for (int i = 0; i < n; ++i) out.push_back({alphabet[random() % alphabet.size()], 1});
    return out;
  };
  for (const auto& [k, w] : std::vector<std::pair<int, int>>{{12, 6}, {5, 4}, {1, 1}, {8, 10}}) {
    for (int trial = 0; trial < 300; ++trial) {
      const std::vector<SimilarityToken> run = some_tokens(w + k - 1);
      std::vector<SimilarityToken> a = some_tokens(random() % 60), b = some_tokens(random() % 60);
      a.insert(a.end(), run.begin(), run.end());
      b.insert(b.begin() + static_cast<long>(random() % (b.size() + 1)), run.begin(), run.end());
      const std::vector<SimilarityToken> after = some_tokens(random() % 60);
      a.insert(a.end(), after.begin(), after.end());
      std::set<std::uint64_t> in_a;
      for (const Fingerprint& f : winnow(a, k, w)) in_a.insert(f.hash);
      const std::vector<Fingerprint> in_b = winnow(b, k, w);
      EXPECT_TRUE(std::any_of(in_b.begin(), in_b.end(), [&](const Fingerprint& f) { return in_a.count(f.hash) > 0; }))
          << "k " << k << ", window " << w << ", trial " << trial;
    }
  }
}

TEST(Winnowing, ATextShorterThanAWindowIsOneWindowAndOneShorterThanAKGramHasNoFingerprint) {
  const std::vector<SimilarityToken> tokens = similarity_tokens("a = b + c;");  // 6 tokens
  EXPECT_EQ(winnow(tokens, 4, 10).size(), 1u);
  EXPECT_TRUE(winnow(tokens, 7, 2).empty());
}

TEST(SimilarPairs, FindADisguisedCopyButNeitherAnotherSolutionNorAnotherKernel) {
  const std::vector<SimilaritySource> students = {
      {"ada", kTreeSum}, {"bob", kTreeSumDisguised}, {"cy", kWarpSum}, {"dee", kHistogram}};
  const std::vector<SimilarPair> pairs = similar_pairs(students, {kStarter});
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].a, "ada");
  EXPECT_EQ(pairs[0].b, "bob");
  EXPECT_GE(pairs[0].score, SimilarityOptions{}.threshold);
  EXPECT_LE(pairs[0].score, 1.0);
  EXPECT_GE(pairs[0].shared_tokens, SimilarityOptions{}.min_shared_tokens);
}

TEST(SimilarPairs, FindACopyWhoseFunctionsAreInAnotherOrder) {
  const std::string tree = kTreeSum;
  const std::size_t kernel = tree.find("__global__");
  const std::size_t host = tree.find("void reduce(");
  const std::size_t helper = tree.find("// Element i");
  // Host function first, then the kernel, then the helper the kernel calls.
  const std::string reordered = tree.substr(0, helper) + tree.substr(host) + tree.substr(kernel, host - kernel) +
                                tree.substr(helper, kernel - helper);
  const std::vector<SimilarPair> pairs = similar_pairs({{"ada", kTreeSum}, {"eve", reordered}}, {kStarter});
  ASSERT_EQ(pairs.size(), 1u);
  // Only the k-grams that spanned a boundary between two functions are lost.
  EXPECT_GT(pairs[0].score, 0.8);
}

TEST(SimilarPairs, PairNobodyWhoHandedInTheStarterAlone) {
  std::string recommented = kStarter;
  recommented.replace(recommented.find("// TODO: enough"), 7, "// I did not get to this:");
  const std::vector<SimilaritySource> students = {
      {"ada", kTreeSum}, {"fay", kStarter}, {"gus", recommented}, {"bob", kTreeSumDisguised}};
  const std::vector<SimilarPair> pairs = similar_pairs(students, {kStarter});
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].a + pairs[0].b, "adabob");
  // Not even at a threshold of 0: a starter has no fingerprint that counts.
  SimilarityOptions everything;
  everything.threshold = 0;
  everything.min_shared_tokens = 0;
  for (const SimilarPair& p : similar_pairs(students, {kStarter}, everything))
    EXPECT_TRUE(p.a != "fay" && p.a != "gus" && p.b != "fay" && p.b != "gus") << p.a << " and " << p.b;
}

TEST(SimilarPairs, CodeEveryStudentWasGivenNeverCounts) {
  // Two students hand in the starter with the same obvious line filled in.
  std::string filled = kStarter;
  filled.replace(filled.find("    // TODO: load"), 0, "    partial[threadIdx.x] = i < n ? in[i] : 0.0f;\n");
  const std::vector<SimilaritySource> students = {{"hal", filled}, {"ivy", filled}};
  EXPECT_TRUE(similar_pairs(students, {kStarter}).empty());
  // All that counts is that line, too little to report, however alike.
  SimilarityOptions any_amount;
  any_amount.min_shared_tokens = 0;
  const std::vector<SimilarPair> the_line = similar_pairs(students, {kStarter}, any_amount);
  ASSERT_EQ(the_line.size(), 1u);
  EXPECT_GE(the_line[0].shared_tokens, 15);
  EXPECT_LT(the_line[0].shared_tokens, 20);
  ASSERT_EQ(the_line[0].regions.size(), 1u);  // the line filled in, not the given lines around it
  EXPECT_EQ(the_line[0].regions[0].a.first, 8);
  EXPECT_EQ(the_line[0].regions[0].a.last, 8);
  EXPECT_EQ(the_line[0].regions[0].b.first, 8);
  EXPECT_EQ(the_line[0].regions[0].b.last, 8);
  // The starter is what keeps them apart: without it their files are one file.
  const std::vector<SimilarPair> without_base = similar_pairs(students, {});
  ASSERT_EQ(without_base.size(), 1u);
  EXPECT_DOUBLE_EQ(without_base[0].score, 1.0);
}

TEST(SimilarPairs, CodeMostOfTheClassWroteNeverCounts) {
  // Five students share one idiomatic helper nobody gave them; otherwise each wrote something else.
  const std::string helper = R"cu(
__device__ float clampedLoad(const float* a, int row, int col, int rows, int cols)
{
    if (row < 0 || col < 0 || row >= rows || col >= cols) return 0.0f;
    return a[row * cols + col];
}
)cu";
  const std::vector<SimilaritySource> students = {
      {"a", helper + kTreeSum}, {"b", helper + kWarpSum}, {"c", helper + kHistogram},
      {"d", helper + "int main() { return 0; }"}, {"e", helper + "void f(int* p) { *p = 1; }"}};
  SimilarityOptions options;
  EXPECT_TRUE(similar_pairs(students, {kStarter}, options).empty());
  options.common_share = 1;  // nothing is common: now the helper pairs its holders
  EXPECT_FALSE(similar_pairs(students, {kStarter}, options).empty());
}

TEST(SimilarPairs, RegionsPointAtTheLinesThatMatch) {
  // Lines 5 to 13 of `a` are lines 9 to 17 of `b`; the code around them differs.
  const std::string shared =
      "    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {\n"
      "        if (threadIdx.x < stride)\n"
      "            partial[threadIdx.x] += partial[threadIdx.x + stride];\n"
      "        __syncthreads();\n"
      "    }\n"
      "    if (threadIdx.x == 0)\n"
      "        atomicAdd(total, partial[0]);\n"
      "    for (int j = 0; j < n; j += gridDim.x) total[j] *= 0.5f;\n"
      "    while (n > 1) { n = (n + 1) / 2; __syncwarp(); }\n";
  const std::string a = "__global__ void one(float* total, const float* in, int n)\n"
                        "{\n"
                        "    __shared__ float partial[256];\n"
                        "    partial[threadIdx.x] = in[threadIdx.x];\n" +
                        shared + "}\n";
  const std::string b = "#include <cstdio>\n"
                        "// the second kernel\n"
                        "__device__ int twice(int x) { return 2 * x; }\n"
                        "\n"
                        "__global__ void two(float* total, int n)\n"
                        "{\n"
                        "    extern __shared__ float partial[];\n"
                        "    partial[threadIdx.x] = twice(n) > threadIdx.x ? 1.0f : 2.0f;\n" +
                        shared + "    printf(\"%d\", n);\n}\n";
  const std::vector<SimilarPair> pairs = similar_pairs({{"a", a}, {"b", b}}, {});
  ASSERT_EQ(pairs.size(), 1u);
  ASSERT_EQ(pairs[0].regions.size(), 1u);
  const MatchedRegion& r = pairs[0].regions[0];
  // The first and last k-grams of the shared lines may start or end a line early or late.
  EXPECT_GE(r.a.first, 4);
  EXPECT_LE(r.a.first, 6);
  EXPECT_GE(r.a.last, 12);
  EXPECT_LE(r.a.last, 14);
  EXPECT_EQ(r.b.first - r.a.first, 4);
  EXPECT_EQ(r.b.last - r.a.last, 4);
}

TEST(SimilarPairs, RegionsAreMergedAndSortedByTheFirstStudentsLines) {
  const std::vector<SimilaritySource> students = {{"ada", kTreeSum}, {"bob", kTreeSumDisguised}};
  const std::vector<SimilarPair> pairs = similar_pairs(students, {kStarter});
  ASSERT_EQ(pairs.size(), 1u);
  const std::vector<MatchedRegion>& regions = pairs[0].regions;
  ASSERT_FALSE(regions.empty());
  for (std::size_t i = 0; i < regions.size(); ++i) {
    EXPECT_LE(regions[i].a.first, regions[i].a.last);
    EXPECT_LE(regions[i].b.first, regions[i].b.last);
    if (i > 0) {
      EXPECT_LE(regions[i - 1].a.first, regions[i].a.first);
    }
    for (std::size_t j = 0; j < i; ++j) {
      const bool touch_a = regions[j].a.first <= regions[i].a.last + 1 && regions[i].a.first <= regions[j].a.last + 1;
      const bool touch_b = regions[j].b.first <= regions[i].b.last + 1 && regions[i].b.first <= regions[j].b.last + 1;
      EXPECT_FALSE(touch_a && touch_b) << "regions " << j << " and " << i << " should be one";
    }
  }
  // The launch (ada's lines 28 and 29) is bob's lines 6 and 7: the host function moved to the top.
  EXPECT_TRUE(std::any_of(regions.begin(), regions.end(), [](const MatchedRegion& r) {
    return r.a.first <= 29 && r.a.last >= 28 && r.b.first <= 7 && r.b.last >= 6;
  }));
}

}  // namespace
}  // namespace kit
