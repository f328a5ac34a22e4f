// An access record as one JSON line, written by hand: the runtime writes it and has no JSON library.
#include <kitcpu/access_report.h>

#include "json_text.h"

namespace kitcpu {
namespace {

using detail::append_json_string;

void append_key(std::string& out, const char* key) {
  if (out.back() != '{') out += ',';
  append_json_string(out, key);
  out += ':';
}

void append_field(std::string& out, const char* key, const std::string& value) {
  append_key(out, key);
  append_json_string(out, value);
}

void append_field(std::string& out, const char* key, long long value) {
  append_key(out, key);
  out += std::to_string(value);
}

bool in_shared_memory(const AccessRecord& r) { return r.space == "shared"; }

}  // namespace

std::string access_record_to_json_line(const AccessRecord& r) {
  std::string out = "{";
  append_field(out, "kernel", r.kernel);
  append_field(out, "file", r.file);
  append_field(out, "line", r.line);
  append_field(out, "column", r.column);
  append_field(out, "space", r.space);
  append_field(out, "kind", r.kind);
  append_field(out, "size", r.size);
  append_field(out, "blocks", r.blocks);
  append_field(out, "requests", r.requests);
  append_field(out, "threads", r.threads);
  if (in_shared_memory(r)) {
    append_field(out, "wavefronts", r.wavefronts);
    append_field(out, "bank_conflicts", r.bank_conflicts);
  } else {
    append_field(out, "sectors", r.sectors);
  }
  append_key(out, "example");
  out += '{';
  append_field(out, "block", r.example.block);
  append_field(out, "warp", r.example.warp);
  append_key(out, "offsets");
  out += '[';
  for (std::size_t i = 0; i < r.example.offsets.size(); ++i) {
    if (i > 0) out += ',';
    out += r.example.offsets[i] ? std::to_string(*r.example.offsets[i]) : "null";
  }
  out += ']';
  append_field(out, "stride", r.example.stride);
  if (in_shared_memory(r)) {
    append_field(out, "wavefronts", r.example.wavefronts);
  } else {
    append_field(out, "sectors", r.example.sectors);
  }
  out += "}}";
  return out;
}

}  // namespace kitcpu
