// Splits CUDA C++ source into the tokens the rewriter reasons about. Comments, string and character
// literals and preprocessor directives are recognised so that a `<<<` or a `__shared__` inside them is
// never taken for code; they produce no tokens (literals produce one opaque token). Directives are
// listed apart, and their own tokens are scanned on demand: the preprocessor checks and the launches
// inside #define bodies work on those.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kitcpu::detail {

enum class TokenKind { identifier, number, literal, punctuator };

struct Token {
  TokenKind kind;
  std::size_t begin;  // offsets into the source
  std::size_t end;
  int line;           // 1-based line of the first character
};

// One preprocessor directive: from its `#` to the newline that ends it (escaped newlines included).
struct Directive {
  std::string name;       // "define", "if", "ifdef"...; empty for a null directive (`#` alone)
  std::size_t begin;      // offset of the `#`
  std::size_t body;       // offset just past the name
  std::size_t end;        // offset of the ending newline (or the end of the source)
  int line;               // 1-based line of the `#`
};

// Throws RewriteError for an unterminated comment or literal. The directives, in order, go to
// `directives` when it is given.
std::vector<Token> scan_cuda_source(const std::string& source, std::vector<Directive>* directives = nullptr);

// The tokens of a directive after its name, with their lines. `#` and `##` are punctuators here, and a
// quote left open ends at the end of the directive instead of being an error (the preprocessor only
// warns about one in a directive it skips).
std::vector<Token> scan_directive_body(const std::string& source, const Directive& directive);

inline std::string_view token_text(const std::string& source, const Token& token) {
  return std::string_view(source).substr(token.begin, token.end - token.begin);
}

// The token as the compiler sees it: without the escaped newlines (backslash, newline) that may split
// an identifier over lines.
std::string spliced_text(const std::string& source, const Token& token);

}  // namespace kitcpu::detail
