// Fingerprints of CUDA C++ source for plagiarism screening: winnowing (Schleimer, Wilkerson and Aiken,
// SIGMOD 2003) over tokens in which the names a student chose are anonymised, so renaming, reformatting,
// rewritten comments and reordered functions leave the fingerprints of copied code as they were.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kit {

struct SimilarityToken {
  // As written for keywords, operators and CUDA's own names; "V" for a name the student chose, "N" for a
  // number, "S" for a string literal, "C" for a character literal, "#define" and the like for a directive.
  std::string text;
  int line = 0;  // 1-based
};

// The tokens of CUDA C++ source, without comments, whitespace and #include lines.
std::vector<SimilarityToken> similarity_tokens(const std::string& source);

struct Fingerprint {
  std::uint64_t hash = 0;  // of the k tokens that start at `position`
  int position = 0;        // index into the token list
};

// The hash of every run of k consecutive tokens, in order; none when there are fewer than k tokens.
std::vector<std::uint64_t> kgram_hashes(const std::vector<SimilarityToken>& tokens, int k);

// Winnowing: of the k-gram hashes in every window of `window` consecutive ones, the smallest (the
// rightmost of equal ones), each chosen position once, in order. A text shorter than one window is one
// window. Guarantee: two texts that share a run of at least window + k - 1 tokens share a fingerprint.
std::vector<Fingerprint> winnow(const std::vector<SimilarityToken>& tokens, int k, int window);

}  // namespace kit
