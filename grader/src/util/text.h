// Small text helpers the grader uses in several places.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kit {

// The whole file; empty when it cannot be read.
std::string read_text_file(const std::string& path);

// The last `count` lines of `text`, without a trailing newline: compiler and runner output is shown to
// students from its end, where the error is.
std::string last_lines(const std::string& text, std::size_t count);

// Every line of `text` prefixed with `pad`.
std::string indent_lines(const std::string& text, const std::string& pad);

// The text up to its first newline.
std::string first_line(const std::string& text);

bool starts_with(const std::string& text, const std::string& prefix);
bool contains(const std::string& text, const std::string& part);

// "a, b, c": names as a message lists them.
std::string comma_list(const std::vector<std::string>& names);

// The length of the well-formed UTF-8 sequence that starts at `i` (Unicode table 3-7: no overlong forms,
// surrogates or values past U+10FFFF), 1 for an ASCII byte, 0 when the bytes there are not UTF-8.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD: a student's line
// quoted in a report (a comment saved in Latin-1) keeps the report valid UTF-8.
std::string with_invalid_utf8_replaced(std::string_view text);

// The candidate `word` was most likely meant as, for a "did you mean ...?": the nearest by edit distance
// (insertions, deletions, substitutions and swaps of neighbours, case ignored), when it is near enough that
// a typo explains it (at most a third of the word's letters, at least one); "" when none is.
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

// `v` with exactly `decimals` digits after the point, as printf's "%.*f" writes it: "8098", "0.185".
std::string fixed_decimals(double v, int decimals);

// A size as a limit is written: "4 GiB", "256 MiB", "1 KiB", or "1001 bytes" when it is no whole unit.
std::string byte_count_text(std::uint64_t bytes);

}  // namespace kit
