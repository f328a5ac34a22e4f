// Splits CUDA C++ source into the tokens the rewriter reasons about. Comments, string and character
// literals and preprocessor directives are recognised so that a `<<<` or a `__shared__` inside them is
// never taken for code; they produce no tokens (literals produce one opaque token).
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

// Throws RewriteError for an unterminated comment or literal.
std::vector<Token> scan_cuda_source(const std::string& source);

inline std::string_view token_text(const std::string& source, const Token& token) {
  return std::string_view(source).substr(token.begin, token.end - token.begin);
}

}  // namespace kitcpu::detail
