// Small text helpers the grader uses in several places.
#pragma once

#include <cstddef>
#include <string>

namespace kit {

// The whole file; empty when it cannot be read.
std::string read_text_file(const std::string& path);

// The last `count` lines of `text`, without a trailing newline: compiler and runner output is shown to
// students from its end, where the error is.
std::string last_lines(const std::string& text, std::size_t count);

// Every line of `text` prefixed with `pad`.
std::string indent_lines(const std::string& text, const std::string& pad);

}  // namespace kit
