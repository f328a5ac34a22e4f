// The rewriter's driver: refuses a file that could tell the CPU backend from nvcc, rewrites the launches
// in #define bodies, then makes one pass over the tokens that tracks what each brace opens (a namespace,
// a class, a function body, a __global__ function's body), hands launches and __shared__ declarations to
// their rewrites, and applies the resulting edits with every line kept on its number.
#include <kitcpu/rewrite.h>

#include <algorithm>

#include "rewrite_internal.h"

namespace kitcpu {
namespace detail {

std::size_t TokenView::find_closing(std::size_t open) const {
  const std::string_view opener = text(open);
  const std::string_view closer = opener == "(" ? ")" : opener == "[" ? "]" : "}";
  int depth = 0;
  for (std::size_t k = open; k < tokens_.size(); ++k) {
    const std::string_view t = text(k);
    if (t == opener) ++depth;
    if (t == closer && --depth == 0) return k;
  }
  return tokens_.size();
}

namespace {

enum class Scope { namespace_body, class_body, initializer, function_body, kernel_body };

bool is_code(Scope s) { return s == Scope::function_body || s == Scope::kernel_body; }

// What the brace at `open` opens, judged from its statement's tokens [begin, open) when the brace is
// outside any function. Inside a function every brace is code.
Scope classify_brace(const TokenView& tokens, std::size_t begin, std::size_t open) {
  std::size_t k = begin;
  if (tokens.is(k, "template") && tokens.is(k + 1, "<")) {  // skip `template <class T, ...>`
    int angles = 0;
    for (++k; k < open; ++k) {
      if (tokens.is(k, "<")) ++angles;
      if (tokens.is(k, ">")) --angles;
      if (tokens.is(k, ">>")) angles -= 2;
      if (angles <= 0) {
        ++k;
        break;
      }
    }
  }
  if (tokens.is(k, "namespace") || (tokens.is(k, "inline") && tokens.is(k + 1, "namespace"))) {
    return Scope::namespace_body;
  }
  if (tokens.is(k, "extern") && k + 2 == open && tokens[k + 1].kind == TokenKind::literal) {
    return Scope::namespace_body;  // extern "C" { ... }
  }
  bool has_parenthesis = false;
  bool is_kernel = false;
  for (; k < open; ++k) {
    const std::string_view t = tokens.text(k);
    if (!has_parenthesis && (t == "struct" || t == "class" || t == "union" || t == "enum")) return Scope::class_body;
    if (t == "(") has_parenthesis = true;
    if (t == "__global__") is_kernel = true;
  }
  if (!has_parenthesis) return Scope::initializer;
  return is_kernel ? Scope::kernel_body : Scope::function_body;
}

std::string apply_edits(const std::string& source, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  out.reserve(source.size() + 64 * edits.size());
  std::size_t position = 0;
  for (const Edit& edit : edits) {
    out.append(source, position, edit.begin - position);
    out += edit.text;
    const auto removed = std::count(source.begin() + edit.begin, source.begin() + edit.end, '\n');
    const auto added = std::count(edit.text.begin(), edit.text.end(), '\n');
    for (long k = added; k < removed; ++k) out += edit.in_directive ? "\\\n" : "\n";
    position = edit.end;
  }
  out.append(source, position, std::string::npos);
  return out;
}

std::string quoted(const std::string& display_path) {
  std::string escaped;
  for (char c : display_path) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c == '\n' ? '?' : c;
  }
  return "\"" + escaped + "\"";
}

// What comes before the student's first line: the backend's headers, the file's name for the runtime
// (which tells the student's frames from the harness's when it locates a fault or a call), and the
// #line that numbers the student's lines from 1 under the student's name.
std::string prologue(const std::string& display_path) {
  return "#include <kitcpu/kitcpu.h>\n[[maybe_unused]] static const bool kitcpu_student_file = "
         "::kitcpu::detail::register_student_file(" +
         quoted(display_path) + ");\n#line 1 " + quoted(display_path) + "\n";
}

}  // namespace
}  // namespace detail

std::string rewrite_cuda_source(const std::string& source, const std::string& display_path) {
  using namespace detail;
  std::vector<Directive> directives;
  const std::vector<Token> scanned = scan_cuda_source(source, &directives);
  check_backend_independence(source, directives, scanned);
  const TokenView tokens(source, scanned);
  check_supported_constructs(source, directives, tokens);
  std::vector<Edit> edits;
  for (const Directive& directive : directives) {
    if (directive.name != "define") continue;
    for (Edit& edit : rewrite_macro_launches(source, directive)) edits.push_back(std::move(edit));
  }
  std::vector<Scope> scopes{Scope::namespace_body};
  std::size_t statement_begin = 0;

  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view t = tokens.text(i);
    if (t == "<<<") {
      for (Edit& edit : rewrite_launch(tokens, i)) edits.push_back(std::move(edit));
    } else if (t == "__shared__") {
      std::size_t end = i;
      if (auto edit = rewrite_shared_declaration(tokens, statement_begin, i, is_code(scopes.back()), &end)) {
        edits.push_back(std::move(*edit));
        i = end;
        statement_begin = end + 1;
      }
    } else if (t == "__noinline__" && !tokens.is(i - 1, "(") && !tokens.is(i - 1, "::")) {
      // A macro could not do this: libstdc++ writes __attribute__((__noinline__)) in its own headers.
      edits.push_back(Edit{tokens[i].begin, tokens[i].end, "__attribute__((noinline))"});
    } else if (t == ";") {
      statement_begin = i + 1;
    } else if (t == "{") {
      scopes.push_back(is_code(scopes.back()) ? Scope::function_body : classify_brace(tokens, statement_begin, i));
      statement_begin = i + 1;
    } else if (t == "}") {
      if (scopes.size() > 1) {
        if (scopes.back() == Scope::kernel_body) {
          edits.push_back(Edit{tokens[i].begin, tokens[i].begin, "::kitcpu::detail::end_of_kernel_body(); "});
        }
        scopes.pop_back();
      }
      statement_begin = i + 1;
    }
  }
  return prologue(display_path) + apply_edits(source, std::move(edits));
}

}  // namespace kitcpu
