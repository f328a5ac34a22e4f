// Rendering of diagnostics, shared by the runtime (which must not depend on a JSON library, so the
// JSON is written by hand here) and by the grader's report library.
#include <kitcpu/diagnostic.h>

#include <cstdio>

namespace kitcpu {
namespace {

// Length of the well-formed UTF-8 sequence at s[i], or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(const std::string& s, std::size_t i) {
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
void append_json_string(std::string& out, const std::string& value) {
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

void append_json_field(std::string& out, const char* key, const std::string& value) {
  if (out.size() > 1) out += ',';
  append_json_string(out, key);
  out += ':';
  append_json_string(out, value);
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d) {
  std::string text = d.severity + " [" + d.category + "]";
  if (!d.file.empty()) {
    text += " " + d.file;
    if (d.line > 0) text += ":" + std::to_string(d.line);
  }
  if (!d.kernel.empty()) text += " in kernel " + d.kernel;
  if (!d.launch_site.empty()) text += " (launched at " + d.launch_site + ")";
  if (!d.block.empty()) text += ", block " + d.block;
  if (!d.thread.empty()) text += ", thread " + d.thread;
  text += ": " + d.message;
  if (!d.hint.empty()) text += "\n  likely cause: " + d.hint;
  return text;
}

std::string diagnostic_to_json_line(const Diagnostic& d) {
  std::string out = "{";
  append_json_field(out, "severity", d.severity);
  append_json_field(out, "category", d.category);
  append_json_field(out, "file", d.file);
  out += ",\"line\":" + std::to_string(d.line);
  append_json_field(out, "kernel", d.kernel);
  append_json_field(out, "launch_site", d.launch_site);
  append_json_field(out, "block", d.block);
  append_json_field(out, "thread", d.thread);
  append_json_field(out, "message", d.message);
  append_json_field(out, "hint", d.hint);
  out += '}';
  return out;
}

}  // namespace kitcpu
