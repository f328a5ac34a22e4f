// Launches inside #define bodies:
//
//   #define LAUNCH(kernel, n, ...) kernel<<<(n + 255) / 256, 256>>>(__VA_ARGS__)
//     -> #define LAUNCH(kernel, n, ...) ::kitcpu::launch(__FILE__, __LINE__, #kernel, [&](auto&&... kitcpu_args)
//                                         { kernel(kitcpu_args...); }, (n + 255) / 256, 256)(__VA_ARGS__)
//
// The macro stays a macro: the launch is rewritten inside its body, so it becomes a call of the
// backend wherever the macro is used, and __LINE__ names the line of that use. What cannot be rewritten
// soundly (a `<<<` without its `>>>` or its arguments in the same body, a kernel name pasted with ##)
// is refused with the line of the #define, rather than left for g++ to reject with a syntax error.
#include <kitcpu/rewrite.h>

#include <string>

#include "rewrite_internal.h"

namespace kitcpu::detail {
namespace {

// The parameters of a function-like macro, whose `(` follows its name without a space; sets `*body` to
// the index of the first token of the replacement list.
MacroContext macro_header(const std::string& source, const std::vector<Token>& tokens, std::size_t* body) {
  MacroContext macro;
  *body = tokens.empty() ? 0 : 1;
  if (tokens.size() < 2 || token_text(source, tokens[1]) != "(" || tokens[1].begin != tokens[0].end) return macro;
  std::size_t k = 2;
  for (; k < tokens.size() && token_text(source, tokens[k]) != ")"; ++k) {
    const std::string_view t = token_text(source, tokens[k]);
    if (tokens[k].kind == TokenKind::identifier) macro.parameters.emplace_back(spliced_text(source, tokens[k]));
    if (t == "...") macro.parameters.emplace_back("__VA_ARGS__");
  }
  *body = k + 1;
  return macro;
}

}  // namespace

std::vector<Edit> rewrite_macro_launches(const std::string& source, const Directive& directive) {
  const std::vector<Token> all = scan_directive_body(source, directive);
  bool has_launch = false;
  for (const Token& t : all) has_launch = has_launch || token_text(source, t) == "<<<";
  if (!has_launch) return {};

  std::size_t body = 0;
  const MacroContext macro = macro_header(source, all, &body);
  // Only the replacement list: the search for the kernel's name must not walk into the macro's header.
  const std::vector<Token> replacement(all.begin() + static_cast<std::ptrdiff_t>(std::min(body, all.size())),
                                       all.end());
  const TokenView tokens(source, replacement);
  std::vector<Edit> edits;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens.text(i) != "<<<") continue;
    try {
      for (Edit& edit : rewrite_launch(tokens, i, &macro)) edits.push_back(std::move(edit));
    } catch (const RewriteError& e) {
      const std::string line = std::to_string(directive.line);
      throw RewriteError(directive.line, "a kernel launch inside #define on line " + line +
                                             ": the CPU backend cannot run it (" + e.what() +
                                             "); write the launch in the function");
    }
  }
  return edits;
}

}  // namespace kitcpu::detail
