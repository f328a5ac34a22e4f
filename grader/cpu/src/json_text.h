// Writing JSON text by hand, for the runtime, which must not depend on a JSON library (diagnostics and
// access reports are written from inside the process being graded). Reading is nlohmann_json's job.
#pragma once

#include <cstdio>
#include <string>

namespace kitcpu::detail {

// Length of the well-formed UTF-8 sequence at s[i], or 0 when the bytes there are not one.
inline std::size_t utf8_sequence_length(const std::string& s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  if (lead < 0x80) {
    length = 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  }
  if (length == 0 || i + length > s.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) >> 6) != 0x2) return 0;
  }
  return length;
}

// JSON readers reject malformed UTF-8, and a report must never be lost to one odd byte in a path or
// a message: such bytes become U+FFFD.
inline void append_json_string(std::string& out, const std::string& value) {
  out += '"';
  for (std::size_t i = 0; i < value.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(value[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(value, i);
      if (length == 0) {
        out += "\\ufffd";
      } else {
        out.append(value, i, length);
        i += length - 1;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
          out += escaped;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

}  // namespace kitcpu::detail
