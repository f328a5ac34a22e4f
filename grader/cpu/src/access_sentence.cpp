// The sentence a student reads about one load or store: its cost per request next to the ideal, what
// the threads of a warp do that makes it cost more, and the usual fix. Words stay generic: the same
// sentences serve every assignment.
#include <kitcpu/access_report.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>

namespace kitcpu {
namespace {

// 4, 8.5: whole numbers without decimals.
std::string number(double value) {
  char text[32];
  if (std::fabs(value - std::round(value)) < 0.05) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.1f", value);
  }
  return text;
}

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The line `line` (1-based) of `text`, or "".
std::string line_of(const std::string& text, int line) {
  std::istringstream in(text);
  std::string current;
  for (int n = 1; std::getline(in, current); ++n) {
    if (n == line) return current;
  }
  return "";
}

double per_request(long long total, const AccessRecord& r) {
  return r.requests > 0 ? static_cast<double>(total) / static_cast<double>(r.requests) : 0.0;
}

bool is_shared(const AccessRecord& r) { return r.space == "shared"; }
bool is_store(const AccessRecord& r) { return r.kind == "store"; }

std::string subject(const AccessRecord& r, const std::string& source_text) {
  std::string s = is_store(r) ? "stores" : "loads";
  if (is_shared(r)) s += is_store(r) ? " to shared memory" : " from shared memory";
  s += " at " + r.file;
  if (r.line > 0) s += ":" + std::to_string(r.line);
  if (!source_text.empty() && r.line > 0 && r.column > 0) {
    const std::string name = accessed_name(line_of(source_text, r.line), r.column);
    if (!name.empty()) s += " (" + name + ")";
  }
  return s;
}

// Every active lane of the example at the same address.
bool same_address(const AccessExample& e) {
  bool any = false;
  for (const auto& offset : e.offsets) {
    if (!offset) continue;
    if (*offset != 0) return false;
    any = true;
  }
  return any;
}

std::string global_sentence(const AccessRecord& r) {
  const double spr = sectors_per_request(r);
  const double ideal = ideal_sectors_per_request(r);
  const std::string verb = is_store(r) ? "write" : "read";
  std::string s = number(spr) + (number(spr) == "1" ? " sector" : " sectors") + " per request, ";
  if (spr <= ideal + 0.05) {
    if (spr < ideal - 0.05) {
      return s + number(ideal) + " is ideal for threads " + verb + "ing different elements: threads of a warp share " +
             (same_address(r.example) ? "one element" : "elements") + ", which costs less still";
    }
    return s + "the ideal: coalesced";
  }
  s += number(ideal) + " is ideal: ";
  const std::int64_t stride = std::llabs(r.example.stride);
  if (stride >= 32) {
    s += "consecutive threads of a warp " + verb + " " + std::to_string(stride) +
         " bytes apart, each in a 32-byte sector of its own (down a column of a row-major array, not along a "
         "row)";
  } else if (stride > r.size) {
    s += "consecutive threads of a warp " + verb + " " + std::to_string(stride) + " bytes apart, so part of every " +
         "32-byte sector moved is not used";
  } else {
    s += "the addresses of a warp spread over more 32-byte sectors than they fill";
  }
  return s + "; make consecutive threadIdx.x " + verb +
         " consecutive elements (index the last, fastest-varying dimension with threadIdx.x, or stage the data "
         "through shared memory)";
}

std::string shared_sentence(const AccessRecord& r) {
  const double conflicts = bank_conflicts_per_request(r);
  if (r.bank_conflicts == 0) {
    if (!is_store(r) && same_address(r.example)) return "no bank conflicts (the threads of a warp read one word: a broadcast)";
    return "no bank conflicts";
  }
  std::string s;
  if (r.size <= 4) {
    s = number(wavefronts_per_request(r)) + "-way bank conflicts, ";
  } else {
    s = "bank conflicts, ";
  }
  s += number(conflicts) + (number(conflicts) == "1" ? " extra wavefront" : " extra wavefronts") + " per request";
  const std::int64_t stride = std::llabs(r.example.stride);
  if (stride > 0 && stride % 4 == 0) {
    const std::int64_t words = stride / 4;
    const std::int64_t sharing = std::gcd(words, std::int64_t{32});
    if (sharing > 1) {
      s += ": consecutive threads of a warp are " + std::to_string(stride) + " bytes (" + std::to_string(words) +
           " words) apart and the 32 banks repeat every 128 bytes, so " +
           (sharing == 32 ? std::string("they all use one bank") :
                            "every " + std::to_string(32 / sharing) + "th thread uses the same bank") +
           "; pad each row of the array by one element (e.g. [32][33] instead of [32][32]) so that the distance is an "
           "odd number of words";
      return s;
    }
  }
  return s + ": several threads of a warp use the same bank for different words; pad the array or change the "
             "indexing so that they fall in different banks";
}

}  // namespace

double sectors_per_request(const AccessRecord& r) { return per_request(r.sectors, r); }

double ideal_sectors_per_request(const AccessRecord& r) {
  if (r.requests == 0) return 0.0;
  return std::ceil(per_request(r.threads, r) * r.size / 32.0 - 1e-9);
}

double wavefronts_per_request(const AccessRecord& r) { return per_request(r.wavefronts, r); }
double bank_conflicts_per_request(const AccessRecord& r) { return per_request(r.bank_conflicts, r); }

bool access_is_wasteful(const AccessRecord& r) {
  if (is_shared(r)) return r.bank_conflicts > 0;
  return sectors_per_request(r) > ideal_sectors_per_request(r) + 0.05;
}

std::string accessed_name(const std::string& line, int column) {
  if (column < 1 || static_cast<std::size_t>(column) > line.size()) return "";
  std::size_t i = static_cast<std::size_t>(column) - 1;
  // A store is placed at its `=` (or `+=`...): the target is what comes before.
  if (line[i] == '=' || (std::ispunct(static_cast<unsigned char>(line[i])) && i + 1 < line.size() && line[i + 1] == '=')) {
    while (i > 0 && (line[i] == '=' || std::isspace(static_cast<unsigned char>(line[i])) ||
                     std::string("+-*/%&|^<>").find(line[i]) != std::string::npos)) {
      --i;
    }
  }
  if (is_identifier_char(line[i])) {
    // At a name already: take the whole identifier.
    std::size_t begin = i;
    while (begin > 0 && is_identifier_char(line[begin - 1])) --begin;
    std::size_t end = i;
    while (end < line.size() && is_identifier_char(line[end])) ++end;
    const std::string name = line.substr(begin, end - begin);
    return std::isdigit(static_cast<unsigned char>(name[0])) ? "" : name;
  }
  // At the `]` of the last subscript: walk back over every subscript to the array's name.
  while (line[i] == ']') {
    int depth = 0;
    for (;; --i) {
      if (line[i] == ']') ++depth;
      if (line[i] == '[' && --depth == 0) break;
      if (i == 0) return "";
    }
    if (i == 0) return "";
    --i;
    while (i > 0 && std::isspace(static_cast<unsigned char>(line[i]))) --i;
  }
  if (!is_identifier_char(line[i])) return "";
  std::size_t begin = i;
  while (begin > 0 && is_identifier_char(line[begin - 1])) --begin;
  const std::string name = line.substr(begin, i + 1 - begin);
  return std::isdigit(static_cast<unsigned char>(name[0])) ? "" : name;
}

std::string format_access_record(const AccessRecord& r, const std::string& source_text) {
  return subject(r, source_text) + ": " + (is_shared(r) ? shared_sentence(r) : global_sentence(r));
}

}  // namespace kitcpu
