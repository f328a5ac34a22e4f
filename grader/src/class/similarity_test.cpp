// Tests of the fingerprints for similarity screening: the tokens they are made of and winnowing's
// guarantee.
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

}  // namespace
}  // namespace kit
