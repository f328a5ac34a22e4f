#include "class/similarity.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace kit {
namespace {

// Names a student cannot choose: renaming them would change what the program does, so they are the
// structure of the code and stay as written. Every other name becomes "V".
const std::unordered_set<std::string>& kept_names() {
  static const std::unordered_set<std::string> names = {
      // C and C++ keywords
      "alignas", "alignof", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const",
      "constexpr", "const_cast", "continue", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "extern", "false", "float", "for", "friend", "goto", "if",
      "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
      "protected", "public", "register", "reinterpret_cast", "restrict", "return", "short", "signed",
      "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
      "thread_local", "throw", "true", "try", "typedef", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "while",
      // Types and calls of the standard library that kernels and their hosts use
      "size_t", "NULL", "printf", "fprintf", "malloc", "free", "memcpy", "memset", "min", "max", "std",
      // CUDA's own names (everything starting with "__" or "cuda" or "atomic" is kept too)
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3"};
  return names;
}

bool kept_name(const std::string& name) {
  // "__": reserved for the implementation, so CUDA's qualifiers and intrinsics (__global__, __shared__,
  // __syncthreads, __shfl_down_sync, __ldg, __fmul_rn, ...); "cuda": the runtime API; "atomic": atomicAdd
  // and its family.
  return kept_names().count(name) || name.rfind("__", 0) == 0 || name.rfind("cuda", 0) == 0 ||
         name.rfind("atomic", 0) == 0;
}

bool is_builtin_index(const std::string& name) {
  return name == "threadIdx" || name == "blockIdx" || name == "blockDim" || name == "gridDim";
}

// Longest first, so that "<<<" is not read as "<<" and "<".
const char* const kPunctuators[] = {"<<<", ">>>", "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<",
                                    ">>",  "<=",  ">=",  "==",  "!=",  "&&",  "||", "+=", "-=", "*=", "/=",
                                    "%=",  "&=",  "|=",  "^=",  ".*",  "##"};

bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

class Tokenizer {
 public:
  explicit Tokenizer(const std::string& s) : s_(s) {}

  std::vector<SimilarityToken> run() {
    bool line_start = true;  // only blanks since the last newline: a '#' here starts a directive
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\n') {
        ++line_, ++i_, line_start = true;
      } else if (c == '\\' && next() == '\n') {
        i_ += 2, ++line_;  // a spliced line goes on as if there were no break
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++i_;
      } else if (c == '/' && next() == '/') {
        skip_to_line_end();
      } else if (c == '/' && next() == '*') {
        skip_block_comment();
      } else if (c == '#' && line_start) {
        directive();
      } else {
        line_start = false;
        token();
      }
    }
    return std::move(out_);
  }

 private:
  char next() const { return i_ + 1 < s_.size() ? s_[i_ + 1] : '\0'; }
  void emit(std::string text, int line) { out_.push_back({std::move(text), line}); }

  void skip_to_line_end() {
    while (i_ < s_.size() && s_[i_] != '\n') {
      if (s_[i_] == '\\' && next() == '\n') ++line_, ++i_;
      ++i_;
    }
  }

  void skip_block_comment() {
    i_ += 2;
    while (i_ < s_.size() && !(s_[i_] == '*' && next() == '/')) {
      if (s_[i_] == '\n') ++line_;
      ++i_;
    }
    i_ = std::min(i_ + 2, s_.size());
  }

  // #include lines are dropped: the assignment decides which headers a file needs, so they say nothing
  // about who wrote it, and the same includes heading every file would only make unrelated files alike.
  // Every other directive stays, as "#define", "#pragma", ... and its tokens: a macro or an #if is code
  // the student wrote, and a copied macro is copied code.
  void directive() {
    const int line = line_;
    std::size_t j = i_ + 1;
    while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t')) ++j;
    std::size_t end = j;
    while (end < s_.size() && identifier_char(s_[end])) ++end;
    const std::string name = s_.substr(j, end - j);
    if (name == "include" || name == "include_next" || name == "import") return skip_to_line_end();
    emit("#" + name, line);
    i_ = end;
  }

  void token() {
    const int line = line_;
    const char c = s_[i_];
    if (identifier_start(c)) {
      std::size_t end = i_;
      while (end < s_.size() && identifier_char(s_[end])) ++end;
      std::string name = s_.substr(i_, end - i_);
      i_ = end;
      // threadIdx.x and threadIdx.y are different code that no renaming can turn into each other.
      const std::size_t n = out_.size();
      const bool member_of_builtin = n >= 2 && out_[n - 1].text == "." && is_builtin_index(out_[n - 2].text);
      emit(kept_name(name) || member_of_builtin ? std::move(name) : "V", line);
    } else if (digit(c) || (c == '.' && digit(next()))) {
      number();
      // Every number is "N". The constants of these assignments are set by the handout (tile sizes,
      // 0.0f, 1), so their values rarely tell two solutions apart, while a copier can respell one
      // (0.0f as 0.f, 16 as 0x10) at no cost.
      emit("N", line);
    } else if (c == '"' || c == '\'') {
      // One token per literal, whatever it says: a copier rewords messages first.
      quoted(c);
      emit(c == '"' ? "S" : "C", line);
    } else {
      for (const char* p : kPunctuators) {
        const std::string op = p;
        if (s_.compare(i_, op.size(), op) == 0) {
          i_ += op.size();
          return emit(op, line);
        }
      }
      emit(std::string(1, c), line);
      ++i_;
    }
  }

  void number() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      const bool exponent_sign =
          (c == '+' || c == '-') && std::string("eEpP").find(s_[i_ - 1]) != std::string::npos;
      if (!identifier_char(c) && c != '.' && c != '\'' && !exponent_sign) break;
      ++i_;
    }
  }

  void quoted(char quote) {
    ++i_;
    while (i_ < s_.size() && s_[i_] != quote && s_[i_] != '\n') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
        if (s_[i_ + 1] == '\n') ++line_;
        ++i_;
      }
      ++i_;
    }
    if (i_ < s_.size() && s_[i_] == quote) ++i_;
  }

  const std::string& s_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::vector<SimilarityToken> out_;
};

// FNV-1a, then a final mix: the same on every compiler (std::hash is not), and well spread, which the
// minimum of each window relies on.
std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

std::uint64_t text_hash(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

}  // namespace

std::vector<SimilarityToken> similarity_tokens(const std::string& source) { return Tokenizer(source).run(); }

std::vector<std::uint64_t> kgram_hashes(const std::vector<SimilarityToken>& tokens, int k) {
  std::vector<std::uint64_t> hashes;
  const int n = static_cast<int>(tokens.size());
  if (k < 1 || n < k) return hashes;
  std::vector<std::uint64_t> token_hashes;
  for (const SimilarityToken& t : tokens) token_hashes.push_back(text_hash(t.text));
  for (int start = 0; start + k <= n; ++start) {
    std::uint64_t h = 0;
    for (int j = start; j < start + k; ++j) h = mix(h ^ token_hashes[j]);
    hashes.push_back(h);
  }
  return hashes;
}

std::vector<Fingerprint> winnow(const std::vector<SimilarityToken>& tokens, int k, int window) {
  const std::vector<std::uint64_t> hashes = kgram_hashes(tokens, k);
  std::vector<Fingerprint> chosen;
  const int n = static_cast<int>(hashes.size());
  if (n == 0) return chosen;
  const int w = std::clamp(window, 1, n);
  for (int start = 0; start + w <= n; ++start) {
    int smallest = start;
    for (int j = start + 1; j < start + w; ++j)
      if (hashes[j] <= hashes[smallest]) smallest = j;
    if (chosen.empty() || chosen.back().position != smallest) chosen.push_back({hashes[smallest], smallest});
  }
  return chosen;
}

namespace {

struct Submission {
  std::vector<SimilarityToken> tokens;
  std::vector<Fingerprint> fingerprints;
  std::set<std::uint64_t> distinct;  // the fingerprints' hashes
  std::vector<bool> given;           // per token: inside some k-gram of the base
};

// How many of the student's own tokens (not given) the shared fingerprints cover. Counted in tokens, not
// fingerprints: a k-gram that straddles a given line and the student's one line is not given either, so
// one filled-in line of 15 tokens makes some 26 k-grams of its own, while its own tokens stay 15.
int shared_own_tokens(const Submission& s, const std::unordered_set<std::uint64_t>& shared, int k) {
  std::vector<bool> covered(s.tokens.size(), false);
  for (const Fingerprint& f : s.fingerprints)
    if (shared.count(f.hash)) std::fill(covered.begin() + f.position, covered.begin() + f.position + k, true);
  int own = 0;
  for (std::size_t i = 0; i < covered.size(); ++i) own += covered[i] && !s.given[i];
  return own;
}

// A matched run in token positions, both ends inclusive.
struct TokenRegion {
  int a_first, a_last, b_first, b_last;
};

// Within a shared run, winnowing keeps a fingerprint at least every `window` k-grams, so two matched
// k-grams at most that far apart in both texts are one run.
bool same_run(const TokenRegion& run, const TokenRegion& next, int window) {
  return next.a_first <= run.a_last + window && next.b_first <= run.b_last + window &&
         next.b_last >= run.b_first - window;
}

bool lines_touch(const LineRange& x, const LineRange& y) { return y.first <= x.last + 1 && x.first <= y.last + 1; }

std::vector<MatchedRegion> matched_regions(const Submission& a, const Submission& b,
                                           const std::unordered_set<std::uint64_t>& counted,
                                           const SimilarityOptions& o) {
  std::unordered_map<std::uint64_t, std::vector<int>> in_b;
  for (const Fingerprint& f : b.fingerprints)
    if (counted.count(f.hash)) in_b[f.hash].push_back(f.position);
  std::vector<TokenRegion> matches;
  for (const Fingerprint& f : a.fingerprints) {
    const auto found = in_b.find(f.hash);
    if (found == in_b.end()) continue;
    for (const int pb : found->second) matches.push_back({f.position, f.position + o.k - 1, pb, pb + o.k - 1});
  }
  std::vector<TokenRegion> runs;
  for (const TokenRegion& m : matches) {  // in the order of a's positions
    // A k-gram b holds twice pairs with both; each copy may continue a different run.
    const auto run =
        std::find_if(runs.rbegin(), runs.rend(), [&](const TokenRegion& r) { return same_run(r, m, o.window); });
    if (run == runs.rend()) {
      runs.push_back(m);
      continue;
    }
    run->a_last = std::max(run->a_last, m.a_last);
    run->b_first = std::min(run->b_first, m.b_first);
    run->b_last = std::max(run->b_last, m.b_last);
  }
  // Code that a text holds twice (two kernels alike) matches each copy in the other text. Like JPlag's
  // tiles, each stretch of either text is shown beside one stretch of the other only: the longest runs
  // are taken first.
  std::stable_sort(runs.begin(), runs.end(), [](const TokenRegion& x, const TokenRegion& y) {
    return x.a_last - x.a_first > y.a_last - y.a_first;
  });
  std::vector<TokenRegion> taken;
  for (const TokenRegion& r : runs)
    if (std::none_of(taken.begin(), taken.end(), [&](const TokenRegion& t) {
          return (r.a_first <= t.a_last && t.a_first <= r.a_last) || (r.b_first <= t.b_last && t.b_first <= r.b_last);
        }))
      taken.push_back(r);
  // A run's first and last k-grams may reach into given code beside it; the region shows the student's own.
  const auto trim = [](const Submission& s, int& first, int& last) {
    while (first <= last && s.given[first]) ++first;
    while (last >= first && s.given[last]) --last;
    return first <= last;
  };
  std::vector<MatchedRegion> regions;
  for (TokenRegion r : taken)
    if (trim(a, r.a_first, r.a_last) && trim(b, r.b_first, r.b_last))
      regions.push_back({{a.tokens[r.a_first].line, a.tokens[r.a_last].line},
                         {b.tokens[r.b_first].line, b.tokens[r.b_last].line}});
  // Runs that overlap or meet on neighbouring lines, in both texts, are one region to look at.
  for (bool joined = true; joined;) {
    joined = false;
    for (std::size_t i = 0; i < regions.size() && !joined; ++i)
      for (std::size_t j = i + 1; j < regions.size() && !joined; ++j) {
        MatchedRegion& x = regions[i];
        const MatchedRegion& y = regions[j];
        if (!lines_touch(x.a, y.a) || !lines_touch(x.b, y.b)) continue;
        x.a = {std::min(x.a.first, y.a.first), std::max(x.a.last, y.a.last)};
        x.b = {std::min(x.b.first, y.b.first), std::max(x.b.last, y.b.last)};
        regions.erase(regions.begin() + static_cast<long>(j));
        joined = true;
      }
  }
  std::sort(regions.begin(), regions.end(), [](const MatchedRegion& x, const MatchedRegion& y) {
    return std::make_pair(x.a.first, x.b.first) < std::make_pair(y.a.first, y.b.first);
  });
  return regions;
}

}  // namespace

std::vector<SimilarPair> similar_pairs(const std::vector<SimilaritySource>& students,
                                       const std::vector<std::string>& base_texts, const SimilarityOptions& options) {
  SimilarityOptions o = options;
  o.k = std::max(1, o.k);
  o.window = std::max(1, o.window);

  // Every k-gram of the base, not only its winnowed ones: a student's window around given code that they
  // extended may choose a k-gram of it that the base's own windows passed over.
  std::unordered_set<std::uint64_t> base;
  for (const std::string& text : base_texts)
    for (const std::uint64_t h : kgram_hashes(similarity_tokens(text), o.k)) base.insert(h);

  std::vector<Submission> subs;
  std::unordered_map<std::uint64_t, int> holders;  // students with the k-gram anywhere in their text
  for (const SimilaritySource& s : students) {
    Submission sub;
    sub.tokens = similarity_tokens(s.text);
    sub.fingerprints = winnow(sub.tokens, o.k, o.window);
    for (const Fingerprint& f : sub.fingerprints) sub.distinct.insert(f.hash);
    const std::vector<std::uint64_t> all = kgram_hashes(sub.tokens, o.k);
    for (const std::uint64_t h : std::unordered_set<std::uint64_t>(all.begin(), all.end())) ++holders[h];
    sub.given.assign(sub.tokens.size(), false);
    for (std::size_t p = 0; p < all.size(); ++p)
      if (base.count(all[p])) std::fill(sub.given.begin() + p, sub.given.begin() + p + o.k, true);
    subs.push_back(std::move(sub));
  }
  const double common_above = std::max(2.0, o.common_share * static_cast<double>(students.size()));

  // Who holds each fingerprint that counts; then every pair of its holders shares it.
  std::unordered_map<std::uint64_t, std::vector<int>> holding;
  std::vector<std::size_t> own(subs.size(), 0);  // fingerprints that count, per student
  for (int i = 0; i < static_cast<int>(subs.size()); ++i)
    for (const std::uint64_t h : subs[i].distinct)
      if (!base.count(h) && holders[h] <= common_above) holding[h].push_back(i), ++own[i];
  std::map<std::pair<int, int>, std::unordered_set<std::uint64_t>> shared;
  for (const auto& [h, who] : holding)
    for (std::size_t x = 0; x < who.size(); ++x)
      for (std::size_t y = x + 1; y < who.size(); ++y) shared[{who[x], who[y]}].insert(h);

  std::vector<SimilarPair> pairs;
  for (const auto& [ab, hashes] : shared) {
    const auto [a, b] = ab;
    const std::size_t smaller = std::min(own[a], own[b]);
    const double score = static_cast<double>(hashes.size()) / static_cast<double>(smaller);
    if (score < o.threshold) continue;
    const int tokens = std::min(shared_own_tokens(subs[a], hashes, o.k), shared_own_tokens(subs[b], hashes, o.k));
    if (tokens < o.min_shared_tokens) continue;
    pairs.push_back({students[a].name, students[b].name, score, static_cast<int>(hashes.size()), tokens,
                     matched_regions(subs[a], subs[b], hashes, o)});
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const SimilarPair& x, const SimilarPair& y) {
    return x.score != y.score ? x.score > y.score : x.shared > y.shared;
  });
  return pairs;
}

}  // namespace kit
