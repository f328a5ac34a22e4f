// __shared__ declarations -> per-block storage from the runtime (see shared_memory.h).
//
//   __shared__ float As[TILE][TILE], Bs[TILE][TILE];
//     -> typedef float kitcpu_shared_As[TILE][TILE], kitcpu_shared_Bs[TILE][TILE];
//        auto& As = ::kitcpu::detail::block_shared<kitcpu_shared_As>([]{}, "As"); auto& Bs = ...;
//   extern __shared__ float buf[];
//     -> float* const buf = ::kitcpu::detail::dynamic_shared<float>();
//
// The typedef reuses the student's own declarator syntax, so every declarator C++ allows (pointers,
// arrays of arrays, cv-qualifiers) keeps its meaning without the rewriter having to parse types.
#include <algorithm>

#include <kitcpu/rewrite.h>

#include "rewrite_internal.h"

namespace kitcpu::detail {
namespace {

bool is_type_keyword(std::string_view t) {
  for (const char* k : {"int", "float", "double", "char", "unsigned", "signed", "long", "short", "bool", "void",
                        "const", "volatile", "auto"}) {
    if (t == k) return true;
  }
  return false;
}

// Specifiers that say where the variable lives, which the replacement expresses differently.
bool is_storage_word(std::string_view t) {
  return t == "__shared__" || t == "static" || t == "extern" || t == "__device__";
}

// The declaration's tokens without storage words and __align__(n). The arrays the runtime carves are
// aligned to 16 bytes, enough for every vector type.
std::vector<std::size_t> declaration_tokens(const TokenView& tokens, std::size_t begin, std::size_t end,
                                            bool* is_extern) {
  std::vector<std::size_t> kept;
  for (std::size_t k = begin; k < end; ++k) {
    if (tokens.is(k, "extern")) *is_extern = true;
    if (is_storage_word(tokens.text(k))) continue;
    if (tokens.is(k, "__align__") && tokens.is(k + 1, "(")) {
      k = tokens.find_closing(k + 1);
      continue;
    }
    kept.push_back(k);
  }
  return kept;
}

// Splits declarators at commas outside brackets and template arguments.
std::vector<std::vector<std::size_t>> split_declarators(const TokenView& tokens, const std::vector<std::size_t>& kept) {
  std::vector<std::vector<std::size_t>> chunks(1);
  int brackets = 0;
  int angles = 0;
  for (std::size_t k : kept) {
    const std::string_view t = tokens.text(k);
    if (t == "(" || t == "[" || t == "{") ++brackets;
    if (t == ")" || t == "]" || t == "}") --brackets;
    if (brackets == 0 && t == "<") ++angles;
    if (brackets == 0 && t == ">") --angles;
    if (brackets == 0 && t == ">>") angles -= 2;
    if (brackets == 0 && angles <= 0 && t == ",") {
      chunks.emplace_back();
      continue;
    }
    chunks.back().push_back(k);
  }
  return chunks;
}

// The declared name: the identifier just before the first `[`, `)` or `=`, else the last token.
// npos when there is no plausible name (the declaration is then left to the __shared__ macro).
std::size_t declarator_name(const TokenView& tokens, const std::vector<std::size_t>& chunk) {
  std::size_t candidate = std::string::npos;
  for (std::size_t n = 0; n < chunk.size(); ++n) {
    const std::string_view t = tokens.text(chunk[n]);
    if (t == "[" || t == ")" || t == "=") {
      candidate = n == 0 ? std::string::npos : chunk[n - 1];
      break;
    }
  }
  if (candidate == std::string::npos && !chunk.empty() && !tokens.is(chunk.back(), "]")) candidate = chunk.back();
  if (candidate == std::string::npos || !tokens.is_identifier(candidate) || is_type_keyword(tokens.text(candidate))) {
    return std::string::npos;
  }
  return candidate;
}

std::optional<Edit> rewrite_dynamic(const TokenView& tokens, const std::vector<std::size_t>& kept, std::size_t begin,
                                    std::size_t end, bool block_scope) {
  const std::size_t n = kept.size();
  const bool several = std::any_of(kept.begin(), kept.end(), [&](std::size_t k) { return tokens.is(k, ","); });
  if (several || n < 4 || !tokens.is(kept[n - 2], "[") || !tokens.is(kept[n - 1], "]") || !tokens.is_identifier(kept[n - 3])) {
    throw RewriteError(tokens[begin].line,
                       "unsupported extern __shared__ declaration: declare one array of unknown size, as in "
                       "extern __shared__ float buf[];");
  }
  const std::string type = tokens.join(std::vector<std::size_t>(kept.begin(), kept.end() - 3));
  const std::string name(tokens.text(kept[n - 3]));
  const std::string text = block_scope
                               ? type + "* const " + name + " = ::kitcpu::detail::dynamic_shared<" + type + ">();"
                               : "static ::kitcpu::detail::DynamicSharedArray<" + type + "> " + name + ";";
  return Edit{tokens[begin].begin, tokens[end].end, text};
}

std::optional<Edit> rewrite_static(const TokenView& tokens, const std::vector<std::size_t>& kept, std::size_t begin,
                                   std::size_t end) {
  std::vector<std::size_t> names;
  for (const auto& chunk : split_declarators(tokens, kept)) {
    for (std::size_t k : chunk) {
      if (tokens.is(k, "=")) return std::nullopt;  // an initializer: not valid CUDA, leave it to the compiler
    }
    const std::size_t name = declarator_name(tokens, chunk);
    if (name == std::string::npos) return std::nullopt;
    names.push_back(name);
  }

  std::vector<std::string> type_names;
  for (std::size_t name : names) type_names.push_back("kitcpu_shared_" + std::string(tokens.text(name)));
  const auto rename = [&](std::size_t k) -> const std::string* {
    for (std::size_t n = 0; n < names.size(); ++n) {
      if (names[n] == k) return &type_names[n];
    }
    return nullptr;
  };

  std::string text = "typedef " + tokens.join(kept, rename) + ";";
  for (std::size_t n = 0; n < names.size(); ++n) {
    text += " auto& " + std::string(tokens.text(names[n])) + " = ::kitcpu::detail::block_shared<" + type_names[n] +
            ">([]{}, \"" + std::string(tokens.text(names[n])) + "\");";
  }
  return Edit{tokens[begin].begin, tokens[end].end, text};
}

}  // namespace

std::optional<Edit> rewrite_shared_declaration(const TokenView& tokens, std::size_t statement_begin, std::size_t at,
                                               bool block_scope, std::size_t* statement_end) {
  *statement_end = at;
  // A label (`case 0:`) ends where the declaration begins.
  std::size_t begin = statement_begin;
  for (std::size_t k = statement_begin; k < at; ++k) {
    if (tokens.is(k, ":")) begin = k + 1;
  }
  int depth = 0;
  std::size_t end = at;
  for (; end < tokens.size(); ++end) {
    const std::string_view t = tokens.text(end);
    if (t == "(" || t == "[") ++depth;
    if (t == ")" || t == "]") --depth;
    if (depth == 0 && (t == "{" || t == "}")) return std::nullopt;  // not a declaration we understand
    if (depth == 0 && t == ";") break;
  }
  if (end == tokens.size()) return std::nullopt;
  *statement_end = end;

  bool is_extern = false;
  const std::vector<std::size_t> kept = declaration_tokens(tokens, begin, end, &is_extern);
  if (is_extern) return rewrite_dynamic(tokens, kept, begin, end, block_scope);
  if (!block_scope) return std::nullopt;  // namespace scope: the __shared__ macro's per-worker copy
  return rewrite_static(tokens, kept, begin, end);
}

}  // namespace kitcpu::detail
