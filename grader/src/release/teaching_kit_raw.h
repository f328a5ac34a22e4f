// The GPU Teaching Kit's .raw text format, for instructors coming from its labs: a first line with the
// dimensions ("rows cols"), then the values separated by whitespace, one row per line.
#pragma once

#include <string>
#include <vector>

namespace kit {

std::string encode_raw(const std::vector<float>& values, long rows, long cols);

// Throws std::runtime_error with the reason when the text is not a 2-D .raw matrix.
std::vector<float> decode_raw(const std::string& text, long* rows, long* cols);

}  // namespace kit
