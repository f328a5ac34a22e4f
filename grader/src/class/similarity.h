// Plagiarism screening across one assignment's submissions: which pairs of students handed in code too
// alike to be independent work, and where it is alike. Fingerprints come from winnowing (Schleimer,
// Wilkerson and Aiken, SIGMOD 2003) over tokens in which the names a student chose are anonymised, so
// renaming, reformatting, rewritten comments and reordered functions do not hide a copy. Code every
// student was given (the starter, the reference solution) never counts, nor code most of the class wrote.
// Nothing here decides anything: the pairs are for an instructor to look at side by side.
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

struct SimilaritySource {
  std::string name;  // the student's key
  std::string text;  // the submitted source; several files of one student may be concatenated
};

// The defaults were measured with the starter and the reference solution as base. Tiled matmul: seven
// solutions written apart by two people, and disguised copies (names changed, reformatted, comments
// rewritten, functions reordered, a dead statement added) of two of them; transpose: six solutions and a
// disguised copy; tiled-dynamic: three solutions. The copies scored 0.85, 0.87 and 0.91, sharing 70 to 241
// own tokens. Of the independent pairs, those sharing 40 own tokens or more scored 0.25 at most (two
// transposes that both keep a tile-grid helper beside the launches); higher scores, up to 0.56, came with
// 21 tokens shared or fewer. Files one author made as variants of one kernel (a barrier spelled another
// way, one loop changed) scored 0.71 to 0.91 and are reported, rightly. Without the reference as base,
// two independent matmuls scored 0.55 over 60 tokens: the textbook's kernel, which both follow.
// Then a class someone else made to test this, unseen until then: 11 matmuls and 14 transposes with 11
// copy pairs among them, from renaming alone to rewriting (operands swapped throughout, for loops turned
// into while loops, helpers split off and merged back, copies of copies). At the first threshold, 0.5, 4
// of the 11 were found and no false pair; lowered to 0.35, 7 (scoring 0.37 to 1), still no false pair:
// its independent pairs sharing 40 own tokens or more scored 0.22 at most (0.34 with 36 tokens). The 4
// missed scored 0.14 to 0.22, no higher than independent pairs: rewritten that thoroughly, hardly a run
// of 12 tokens is left, and winnowing finds copied text, not copied ideas.
struct SimilarityOptions {
  // Tokens per k-gram. Anonymised tokens are of few kinds, so short k-grams recur by chance in unrelated
  // code ("V [ V ] = V ;"); 12 tokens are about one statement of kernel code.
  int k = 12;
  // K-gram hashes per winnowing window: any shared run of window + k - 1 = 17 tokens (two short lines)
  // is found, and a file keeps about 2 / (window + 1) of its k-grams, two in seven.
  int window = 6;
  // Reported pairs score at least this (see SimilarPair::score): the copies found scored 0.37 and more,
  // independent solutions that shared enough to be weighed at all 0.25 at most.
  double threshold = 0.35;
  // ... and whose shared fingerprints cover at least this many tokens of each one's own code (not given
  // in the base), about four lines of kernel code: a line or two in common is no evidence, however little
  // else either student wrote. What JPlag calls the minimum match length, for the pair's matches together.
  int min_shared_tokens = 40;
  // A fingerprint that more than this share of the class has (and more than two students: any copy is
  // shared by two) is an idiom of the exercise, not evidence of copying, and never counts. Not lower: a
  // passage that a few copied from one source is held by all of them.
  double common_share = 0.5;
};

struct LineRange {
  int first = 0;  // 1-based, inclusive
  int last = 0;
};

struct MatchedRegion {
  LineRange a;  // in the pair's first student's text
  LineRange b;  // in the second's
};

struct SimilarPair {
  std::string a, b;  // student names, in the order the class listed them
  // Of the fingerprints that count (neither base code nor common) of whichever student has fewer, the
  // share the other has too: 1 when all that one wrote beyond the base is also in the other's text. A
  // student who handed in the starter alone has none and pairs with nobody.
  double score = 0;
  int shared = 0;         // fingerprints that count, shared by the two
  int shared_tokens = 0;  // the tokens of own code they cover, in whichever of the two has fewer
  std::vector<MatchedRegion> regions;  // where they are, merged, in the order of a's lines
};

// The pairs at or above options.threshold that share at least options.min_shared_tokens, highest score
// first. `base_texts`: the starter every student received and the reference solution; code found
// in any of them never counts. Leave the reference out only if the class never saw anything like it:
// independent solutions of a textbook exercise share the textbook's code, which the reference holds.
std::vector<SimilarPair> similar_pairs(const std::vector<SimilaritySource>& students,
                                       const std::vector<std::string>& base_texts,
                                       const SimilarityOptions& options = {});

}  // namespace kit
