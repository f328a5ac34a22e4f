#include "class/similarity.h"

#include <algorithm>
#include <cctype>
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

}  // namespace kit
