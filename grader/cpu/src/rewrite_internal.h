// Pieces shared by the rewriter's passes (rewrite.cpp drives them; rewrite_launch.cpp and
// rewrite_shared.cpp each turn one construct into C++).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source_scanner.h"

namespace kitcpu::detail {

// Replace source[begin, end) by text. The newlines of the replaced range that the text lacks are
// written after it, so that every later line keeps its number; inside a directive, escaped (a
// backslash before each), so that the directive goes on.
struct Edit {
  std::size_t begin;
  std::size_t end;
  std::string text;
  bool in_directive = false;
};

class TokenView {
 public:
  TokenView(const std::string& source, const std::vector<Token>& tokens) : source_(source), tokens_(tokens) {}

  std::size_t size() const { return tokens_.size(); }
  const Token& operator[](std::size_t i) const { return tokens_[i]; }
  std::string_view text(std::size_t i) const { return token_text(source_, tokens_[i]); }
  bool is(std::size_t i, std::string_view t) const { return i < tokens_.size() && text(i) == t; }
  bool is_identifier(std::size_t i) const { return i < tokens_.size() && tokens_[i].kind == TokenKind::identifier; }

  // Index of the bracket closing the one at `open` ( ( [ { ), or size() when it is never closed.
  std::size_t find_closing(std::size_t open) const;

  // The tokens at `indices` as compact C++: a space only where two words would otherwise merge, and
  // after commas. `replace` maps a token index to a different text (or nullptr to keep it).
  template <class Replace>
  std::string join(const std::vector<std::size_t>& indices, Replace replace) const;
  std::string join(const std::vector<std::size_t>& indices) const {
    return join(indices, [](std::size_t) -> const std::string* { return nullptr; });
  }
  std::string join_range(std::size_t begin, std::size_t end) const {
    std::vector<std::size_t> indices;
    for (std::size_t i = begin; i < end; ++i) indices.push_back(i);
    return join(indices);
  }

 private:
  const std::string& source_;
  const std::vector<Token>& tokens_;
};

template <class Replace>
std::string TokenView::join(const std::vector<std::size_t>& indices, Replace replace) const {
  std::string out;
  bool previous_is_word = false;
  for (std::size_t i : indices) {
    const bool is_word = tokens_[i].kind != TokenKind::punctuator;
    if (is_word && previous_is_word) out += ' ';
    const std::string* replacement = replace(i);
    out += replacement ? std::string_view(*replacement) : text(i);
    if (text(i) == ",") out += ' ';
    previous_is_word = is_word;
  }
  return out;
}

// The macro whose body a launch is in: its parameters (`__VA_ARGS__` stands for `...`), which may hold
// any part of the launch once the macro is expanded.
struct MacroContext {
  std::vector<std::string> parameters;
  bool is_parameter(std::string_view name) const;
};

// The edits for the launch whose `<<<` is token `chevrons`, in code or, with `macro`, in the body of a
// #define. Throws RewriteError when it is malformed.
std::vector<Edit> rewrite_launch(const TokenView& tokens, std::size_t chevrons, const MacroContext* macro = nullptr);

// The edits for the launches in the body of a #define; nothing when it has none. Throws RewriteError
// for a launch the backend cannot rewrite there.
std::vector<Edit> rewrite_macro_launches(const std::string& source, const Directive& directive);

// Throws RewriteError for the first thing in the file that would let it tell the CPU backend from nvcc:
// a preprocessor test of a macro only one of them defines, __has_include of a non-standard header, the
// backend's own names and headers, #line (rewrite_preprocessor.cpp).
void check_backend_independence(const std::string& source, const std::vector<Directive>& directives,
                                const std::vector<Token>& code);

// Throws RewriteError, naming it, for the first construct of CUDA the backend does not run (warp
// intrinsics kitcpu/warp.h lacks, cooperative groups): rewrite_unsupported.cpp.
void check_supported_constructs(const std::string& source, const std::vector<Directive>& directives,
                                const TokenView& tokens);
// The edit for the declaration holding the `__shared__` at token `at`, in the statement that begins at
// token `statement_begin`; nothing when the declaration is left to the __shared__ macro. `*statement_end`
// receives the index of its `;` (or `at` when there is none). Throws RewriteError for an extern
// declaration the backend cannot support.
std::optional<Edit> rewrite_shared_declaration(const TokenView& tokens, std::size_t statement_begin, std::size_t at,
                                               bool block_scope, std::size_t* statement_end);

}  // namespace kitcpu::detail
