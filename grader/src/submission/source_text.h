// Reading C, C++ and CUDA source as a compiler's lexer would, far enough to tell code from comments and
// literals. A student file is untrusted input: every function here takes time linear in its size, whatever
// bytes it holds (a regex over a long comment or string overflows the stack), and never fails.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kit {

// The source with every comment, string literal and character literal overwritten by spaces, so that a
// name mentioned in a comment or a message is not taken for a use of it. Newlines (in a comment, or the
// newline of a line splice) are kept, so the result has the same length and line numbers as the source.
// Handles raw strings (R"x(...)x" and its u8/u/U/L forms), escapes, line splices (backslash-newline) and
// digit separators (1'000). An unterminated comment runs to the end of the file; an unterminated string
// or character literal ends at the end of its line, as in the compiler's own error recovery.
std::string code_without_comments_and_literals(std::string_view source);

// The same with the comments alone blanked: string and character literals are kept as they are.
std::string code_without_comments(std::string_view source);

struct IdentifierUse {
  std::string name;
  int line = 0;  // 1-based, where the identifier starts
};

// Each occurrence, in order, of one of `names` as a whole identifier in `code` (normally the output of
// code_without_comments_and_literals). An identifier split by line splices counts under its joined name,
// as the compiler sees it; digits and letters inside a number (0x1f, 1e5f) are not identifiers.
std::vector<IdentifierUse> find_identifiers(std::string_view code, const std::vector<std::string>& names);

// Whether `code` (code_without_comments_and_literals) calls a warp-level primitive: a shuffle, a vote,
// __syncwarp or __activemask. The CPU backend runs them one thread at a time, far slower than a GPU.
bool uses_warp_primitives(std::string_view code);

}  // namespace kit
