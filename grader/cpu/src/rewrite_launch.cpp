// kernel<<<config>>>(args)  ->  ::kitcpu::launch(__FILE__, __LINE__, "kernel", <lambda>, config)(args)
//
// Only the kernel's name with `<<<` and the `>>>` are replaced: the configuration and the arguments
// stay where they were, on their own lines, so a compiler error inside them names the right line. A
// launch in the body of a #define is rewritten the same way; its __LINE__ then expands where the macro
// is used, which is the launch's line a diagnostic should name.
#include <kitcpu/rewrite.h>

#include <string>

#include "rewrite_internal.h"

namespace kitcpu::detail {
namespace {

bool ends_statement(std::string_view t) { return t == ";" || t == "{" || t == "}"; }

// Index of the first token of the kernel expression before `<<<`: a possibly qualified name, with
// explicit template arguments (`ns::kernel<float, (N >> 1)>`).
std::size_t kernel_name_begin(const TokenView& tokens, std::size_t chevrons) {
  const int line = tokens[chevrons].line;
  if (chevrons == 0) throw RewriteError(line, "'<<<' without a kernel name before it");
  std::size_t k = chevrons - 1;
  // `>>>` right before `<<<` closes three levels, as in fill<Box<Box<int>>><<<1, 4>>>.
  if (tokens.is(k, ">") || tokens.is(k, ">>") || tokens.is(k, ">>>")) {
    int angles = 0;
    int brackets = 0;
    for (;; --k) {
      const std::string_view t = tokens.text(k);
      if (t == ")" || t == "]") {
        ++brackets;
      } else if (t == "(" || t == "[") {
        --brackets;
      } else if (brackets == 0) {
        if (t == ">") angles += 1;
        if (t == ">>") angles += 2;
        if (t == ">>>") angles += 3;
        if (t == "<") angles -= 1;
        if (t == "<<") angles -= 2;
        if (angles <= 0) break;
      }
      if (k == 0 || ends_statement(t)) {
        throw RewriteError(line, "cannot find where the kernel's template arguments begin before '<<<'");
      }
    }
    if (k == 0) throw RewriteError(line, "'<<<' without a kernel name before it");
    --k;
  }
  if (!tokens.is_identifier(k)) {
    throw RewriteError(line, "'<<<' must follow the name of a kernel, as in kernel<<<grid, block>>>(...)");
  }
  std::size_t begin = k;
  while (begin >= 2 && tokens.is(begin - 1, "::") && tokens.is_identifier(begin - 2)) begin -= 2;
  if (begin >= 1 && tokens.is(begin - 1, "::")) begin -= 1;
  return begin;
}

// Index of the `>>>` that closes the configuration opened at `chevrons`, and the number of values in it.
std::size_t find_config_end(const TokenView& tokens, std::size_t chevrons, int* values) {
  int depth = 0;
  int commas = 0;
  for (std::size_t k = chevrons + 1; k < tokens.size(); ++k) {
    const std::string_view t = tokens.text(k);
    if (t == "(" || t == "[" || t == "{") {
      ++depth;
    } else if (t == ")" || t == "]" || t == "}") {
      if (--depth < 0) break;
    } else if (depth == 0 && t == ",") {
      ++commas;
    } else if (depth == 0 && t == ">>>") {
      *values = k == chevrons + 1 ? 0 : commas + 1;
      return k;
    } else if (depth == 0 && t == ";") {
      break;
    }
  }
  throw RewriteError(tokens[chevrons].line, "missing '>>>' to close the launch configuration opened by '<<<'");
}

std::string escape_string_literal(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

bool mentions_parameter(const TokenView& tokens, std::size_t begin, std::size_t end, const MacroContext* macro) {
  if (macro == nullptr) return false;
  for (std::size_t k = begin; k < end; ++k) {
    if (tokens.is_identifier(k) && macro->is_parameter(tokens.text(k))) return true;
  }
  return false;
}

// The kernel's name as a string literal for diagnostics. In a macro, a parameter in the name is
// stringized (#param), so that LAUNCH(matmul, ...) names matmul and not the parameter.
std::string kernel_name_literal(const TokenView& tokens, std::size_t begin, std::size_t end,
                                const MacroContext* macro) {
  std::string out;
  std::vector<std::size_t> plain;
  const auto flush = [&] {
    if (plain.empty()) return;
    out += (out.empty() ? "\"" : " \"") + escape_string_literal(tokens.join(plain)) + "\"";
    plain.clear();
  };
  for (std::size_t k = begin; k < end; ++k) {
    if (tokens.is_identifier(k) && macro != nullptr && macro->is_parameter(tokens.text(k))) {
      if (tokens.text(k) == "__VA_ARGS__") {
        throw RewriteError(tokens[k].line, "the kernel's name comes from __VA_ARGS__");
      }
      flush();
      out += (out.empty() ? "#" : " #") + std::string(tokens.text(k));
    } else {
      plain.push_back(k);
    }
  }
  flush();
  return out;
}

}  // namespace

bool MacroContext::is_parameter(std::string_view name) const {
  for (const std::string& p : parameters) {
    if (p == name) return true;
  }
  return false;
}

std::vector<Edit> rewrite_launch(const TokenView& tokens, std::size_t chevrons, const MacroContext* macro) {
  const int line = tokens[chevrons].line;
  const std::size_t name_begin = kernel_name_begin(tokens, chevrons);
  int values = 0;
  const std::size_t config_end = find_config_end(tokens, chevrons, &values);
  // In a macro a parameter may stand for several of the values (k<<<CONFIG>>>(...)); the compiler checks
  // the count once the macro is expanded.
  const bool config_from_parameter = mentions_parameter(tokens, chevrons + 1, config_end, macro);
  if (values < 2 && !(config_from_parameter && values == 1)) {
    throw RewriteError(line, "a launch needs at least a grid and a block size: kernel<<<grid, block>>>(...)");
  }
  if (values > 4 && !config_from_parameter) {
    throw RewriteError(line,
                       "too many values between '<<<' and '>>>': at most grid, block, shared memory bytes, stream");
  }
  if (macro != nullptr && name_begin > 0 && (tokens.is(name_begin - 1, "#") || tokens.is(name_begin - 1, "##"))) {
    throw RewriteError(line, "the kernel's name is pasted together with ## or stringized with #");
  }
  const std::size_t open = config_end + 1;
  if (!tokens.is(open, "(")) {
    throw RewriteError(tokens[config_end].line, "expected '(' with the kernel's arguments after '>>>'");
  }
  if (tokens.find_closing(open) == tokens.size()) {
    throw RewriteError(tokens[open].line, "the kernel's argument list opened here is never closed");
  }

  const std::string name = tokens.join_range(name_begin, chevrons);
  std::string prefix = "::kitcpu::launch(__FILE__, __LINE__, " +
                       kernel_name_literal(tokens, name_begin, chevrons, macro) + ", [&](auto&&... kitcpu_args) { " +
                       name + "(kitcpu_args...); }, ";
  const bool in_directive = macro != nullptr;
  return {Edit{tokens[name_begin].begin, tokens[chevrons].end, std::move(prefix), in_directive},
          Edit{tokens[config_end].begin, tokens[config_end].end, ")", in_directive}};
}

}  // namespace kitcpu::detail
