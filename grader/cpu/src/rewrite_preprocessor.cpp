// The CPU backend must run the code nvcc compiles. A file that asks the preprocessor which compiler it
// is under (#ifdef __CUDACC__, #if __CUDA_ARCH__, #ifdef KITCPU_*, __has_include(<kitcpu/...>)) could
// run one thing on the CPU and another on a GPU, so such a file is refused with the line to change.
// The same goes for the backend's own names and headers in the file, which nvcc cannot compile and
// which would let the file reach into the runtime, and for #line, which would make diagnostics and the
// runtime's record of calls name another file.
#include <kitcpu/rewrite.h>

#include <string>

#include "backend_macros.h"
#include "rewrite_internal.h"

namespace kitcpu::detail {
namespace {

constexpr char kSameCode[] = "the CPU backend must run the same code nvcc compiles: ";

bool is_kit_name(std::string_view name) { return name.substr(0, 6) == "kitcpu" || name.substr(0, 6) == "KITCPU"; }

[[noreturn]] void refuse_test(std::string_view name, int line, MacroDifference difference, const char* what) {
  throw RewriteError(line, std::string(kSameCode) + "remove " + what + std::string(name) + " on line " +
                               std::to_string(line) + " (" + macro_difference_reason(difference) + ")");
}

void check_tested_name(std::string_view name, int line) {
  if (const MacroDifference d = macro_difference(name); d != MacroDifference::none) {
    refuse_test(name, line, d, "the test of ");
  }
}

[[noreturn]] void refuse_base_file(int line) {
  throw RewriteError(line, std::string(kSameCode) + "remove __BASE_FILE__ on line " + std::to_string(line) +
                               " (it names the rewritten file on the CPU backend and the .cu file under nvcc); "
                               "use __FILE__");
}

class DirectiveChecker {
 public:
  DirectiveChecker(const std::string& source, const Directive& directive)
      : source_(source), directive_(directive), tokens_(scan_directive_body(source, directive)) {}

  void check() {
    const std::string& name = directive_.name;
    if (name == "line" || (name.empty() && !tokens_.empty() && tokens_[0].kind == TokenKind::number)) {
      throw RewriteError(directive_.line, "remove the #line directive on line " + std::to_string(directive_.line) +
                                              ": diagnostics and the grader's record of your program must name "
                                              "the lines of your own file");
    }
    if (name == "include" || name == "include_next" || name == "import") return check_include();
    // #undef, #pragma, #error and #warning neither test nor define anything a later test could see.
    if (name != "if" && name != "elif" && name != "ifdef" && name != "ifndef" && name != "elifdef" &&
        name != "elifndef" && name != "define") {
      return;
    }
    if (name == "ifdef" || name == "ifndef" || name == "elifdef" || name == "elifndef") {
      if (!tokens_.empty() && tokens_[0].kind == TokenKind::identifier) check_tested_name(text(0), line(0));
      return;
    }
    const bool condition = name == "if" || name == "elif";
    const bool definition = name == "define";
    for (std::size_t i = definition ? 1 : 0; i < tokens_.size(); ++i) {
      if (tokens_[i].kind != TokenKind::identifier) continue;
      const std::string word = text(i);
      if (word == "__has_include" || word == "__has_include_next") {
        i = check_has_include(i);
      } else if (word == "defined") {
        std::size_t k = i + 1;
        if (is(k, "(")) ++k;
        if (k < tokens_.size() && tokens_[k].kind == TokenKind::identifier) check_tested_name(text(k), line(k));
        i = is(k + 1, ")") ? k + 1 : k;
      } else if (word == "__BASE_FILE__") {
        refuse_base_file(line(i));
      } else if (condition) {
        check_tested_name(word, line(i));
      } else if (definition) {
        // A macro that expands to __CUDA_ARCH__ would carry the test into an #if under another name. Names
        // of the kit and of the standard headers are fine here: threadIdx in a #define is ordinary code.
        const MacroDifference d = macro_difference(word);
        if (d == MacroDifference::nvcc || d == MacroDifference::build) {
          refuse_test(word, line(i), d, "the use in a #define of ");
        }
      }
    }
  }

 private:
  std::string text(std::size_t i) const { return spliced_text(source_, tokens_[i]); }
  int line(std::size_t i) const { return tokens_[i].line; }
  bool is(std::size_t i, std::string_view t) const { return i < tokens_.size() && text(i) == t; }

  // The header named by the tokens in [begin, end): <a/b.h> or "a/b.h".
  std::string header_name(std::size_t begin, std::size_t end) const {
    std::string header;
    for (std::size_t k = begin; k < end; ++k) header += text(k);
    if (header.size() >= 2 &&
        ((header.front() == '<' && header.back() == '>') || (header.front() == '"' && header.back() == '"'))) {
      header = header.substr(1, header.size() - 2);
    }
    return header;
  }

  void check_include() const {
    const std::string header = header_name(0, tokens_.size());
    for (std::size_t k = 0; k + 6 <= header.size(); ++k) {
      if (is_kit_name(std::string_view(header).substr(k, 6))) {
        throw RewriteError(directive_.line,
                           "the CPU backend's own headers are not CUDA: remove the #include of " + header +
                               " on line " + std::to_string(directive_.line) +
                               " (nvcc cannot compile it, and it would let the file use the backend's internals)");
      }
    }
  }

  // __has_include(<header>): the two compilers find different headers (cuda.h, the backend's own), so
  // only the standard library's may be asked about. Returns the index of the closing parenthesis.
  std::size_t check_has_include(std::size_t at) const {
    const std::size_t open = at + 1;
    std::size_t close = open;
    while (close < tokens_.size() && !is(close, ")")) ++close;
    const std::string header = is(open, "(") ? header_name(open + 1, close) : std::string();
    if (!is_standard_header(header)) {
      const std::string shown = text(at) + "(" + (header.empty() ? std::string("...") : header) + ")";
      throw RewriteError(line(at), std::string(kSameCode) + "remove " + shown + " on line " + std::to_string(line(at)) +
                                       " (nvcc and the CPU backend provide different headers; only the C and "
                                       "C++ standard headers may be tested for)");
    }
    return close;
  }

  const std::string& source_;
  const Directive& directive_;
  std::vector<Token> tokens_;
};

}  // namespace

void check_backend_independence(const std::string& source, const std::vector<Directive>& directives,
                                const std::vector<Token>& code) {
  for (const Directive& directive : directives) DirectiveChecker(source, directive).check();
  for (const Token& token : code) {
    if (token.kind != TokenKind::identifier) continue;
    const std::string name = spliced_text(source, token);
    if (name == "__BASE_FILE__") refuse_base_file(token.line);
    if (is_kit_name(name)) {
      throw RewriteError(token.line, "the CPU backend's own names are not CUDA: remove " + name + " on line " +
                                         std::to_string(token.line) +
                                         " (nvcc cannot compile it, and it would let the file reach into the "
                                         "backend)");
    }
  }
}

}  // namespace kitcpu::detail
