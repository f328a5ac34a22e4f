// Rendering of diagnostics, shared by the runtime (which must not depend on a JSON library, so the
// JSON is written by hand here) and by the grader's report library.
#include <kitcpu/diagnostic.h>

#include "json_text.h"

namespace kitcpu {
namespace {

using detail::append_json_string;

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
