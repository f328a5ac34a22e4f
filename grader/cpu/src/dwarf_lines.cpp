#include "dwarf_lines.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace kitcpu::detail {
namespace {

// A bounds-checked reader: running off the end sets `failed` and yields zeros, so a truncated or
// foreign section ends the decoding instead of reading past the buffer.
struct Cursor {
  const unsigned char* data;
  std::size_t size;
  std::size_t pos = 0;
  bool failed = false;

  bool has(std::size_t n) const { return !failed && pos <= size && size - pos >= n; }
  std::uint64_t fixed(std::size_t n) {
    if (!has(n)) {
      failed = true;
      return 0;
    }
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t{data[pos + i]} << (8 * i);  // little-endian
    pos += n;
    return v;
  }
  std::uint64_t uleb() {
    std::uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
      const std::uint64_t byte = fixed(1);
      if (failed) return 0;
      if (shift < 64) v |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
  }
  std::int64_t sleb() {
    std::int64_t v = 0;
    unsigned shift = 0;
    std::uint64_t byte = 0;
    do {
      byte = fixed(1);
      if (failed) return 0;
      if (shift < 64) v |= static_cast<std::int64_t>((byte & 0x7f) << shift);
      shift += 7;
    } while (byte & 0x80);
    if (shift < 64 && (byte & 0x40)) v |= -(std::int64_t{1} << shift);
    return v;
  }
};

enum StandardOpcode : unsigned {
  kCopy = 1,
  kAdvancePc = 2,
  kAdvanceLine = 3,
  kSetFile = 4,
  kSetColumn = 5,
  kNegateStmt = 6,
  kSetBasicBlock = 7,
  kConstAddPc = 8,
  kFixedAdvancePc = 9,
};
enum ExtendedOpcode : unsigned { kEndSequence = 1, kSetAddress = 2 };

// One unit's line-number program, from its header to `end`.
void decode_unit(Cursor& c, std::size_t end, bool dwarf64, std::vector<LineRow>& rows) {
  const auto version = static_cast<unsigned>(c.fixed(2));
  if (version < 2 || version > 5) return;
  if (version >= 5) c.fixed(2);  // address_size, segment_selector_size
  const std::uint64_t header_length = c.fixed(dwarf64 ? 8 : 4);
  const std::size_t program = c.pos + header_length;
  const unsigned min_instruction_length = static_cast<unsigned>(c.fixed(1));
  if (version >= 4) c.fixed(1);  // maximum_operations_per_instruction: 1 on every target we build for
  c.fixed(1);                    // default_is_stmt
  const int line_base = static_cast<signed char>(c.fixed(1));
  const unsigned line_range = static_cast<unsigned>(c.fixed(1));
  const unsigned opcode_base = static_cast<unsigned>(c.fixed(1));
  unsigned char argument_counts[256] = {};
  for (unsigned op = 1; op < opcode_base; ++op) argument_counts[op] = static_cast<unsigned char>(c.fixed(1));
  if (c.failed || line_range == 0 || program > end) return;
  c.pos = program;  // past the directory and file tables, which the symbolizer covers

  LineRow state;
  state.line = 1;
  const auto reset = [&] { state = LineRow{0, 1, 0, false}; };
  while (!c.failed && c.pos < end) {
    const unsigned op = static_cast<unsigned>(c.fixed(1));
    if (op >= opcode_base) {
      const unsigned adjusted = op - opcode_base;
      state.address += std::uint64_t{adjusted / line_range} * min_instruction_length;
      state.line += line_base + static_cast<int>(adjusted % line_range);
      rows.push_back(state);
      continue;
    }
    switch (op) {
      case 0: {
        const std::uint64_t length = c.uleb();
        const std::size_t next = c.pos + length;
        if (length == 0 || next > end) return;
        const unsigned sub = static_cast<unsigned>(c.fixed(1));
        if (sub == kEndSequence) {
          state.end_sequence = true;
          rows.push_back(state);
          reset();
        } else if (sub == kSetAddress && length - 1 <= 8) {
          state.address = c.fixed(length - 1);
        }
        c.pos = next;  // define_file, set_discriminator, vendor extensions: skipped
        break;
      }
      case kCopy: rows.push_back(state); break;
      case kAdvancePc: state.address += c.uleb() * min_instruction_length; break;
      case kAdvanceLine: state.line += static_cast<int>(c.sleb()); break;
      case kSetFile: c.uleb(); break;
      case kSetColumn: state.column = static_cast<int>(c.uleb()); break;
      case kNegateStmt:
      case kSetBasicBlock: break;
      case kConstAddPc: state.address += std::uint64_t{(255 - opcode_base) / line_range} * min_instruction_length; break;
      case kFixedAdvancePc: state.address += c.fixed(2); break;
      default:
        for (unsigned i = 0; i < argument_counts[op]; ++i) c.uleb();
    }
  }
}

bool read_at(int fd, void* buffer, std::size_t size, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, static_cast<char*>(buffer) + done, size - done, static_cast<off_t>(offset + done));
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// The bytes of the named section of a 64-bit little-endian ELF file; empty if absent or compressed.
std::vector<unsigned char> read_section(const std::string& path, const char* name) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::vector<unsigned char> bytes;
  Elf64_Ehdr header;
  if (read_at(fd, &header, sizeof header, 0) && std::memcmp(header.e_ident, ELFMAG, SELFMAG) == 0 &&
      header.e_ident[EI_CLASS] == ELFCLASS64 && header.e_ident[EI_DATA] == ELFDATA2LSB &&
      header.e_shentsize == sizeof(Elf64_Shdr) && header.e_shstrndx < header.e_shnum) {
    std::vector<Elf64_Shdr> sections(header.e_shnum);
    if (read_at(fd, sections.data(), sections.size() * sizeof(Elf64_Shdr), header.e_shoff)) {
      const Elf64_Shdr& names = sections[header.e_shstrndx];
      std::vector<char> strings(names.sh_size + 1, '\0');
      if (read_at(fd, strings.data(), names.sh_size, names.sh_offset)) {
        for (const Elf64_Shdr& s : sections) {
          if (s.sh_name >= names.sh_size || std::strcmp(&strings[s.sh_name], name) != 0) continue;
          if (s.sh_type == SHT_NOBITS || (s.sh_flags & SHF_COMPRESSED)) break;
          bytes.resize(s.sh_size);
          if (!read_at(fd, bytes.data(), bytes.size(), s.sh_offset)) bytes.clear();
          break;
        }
      }
    }
  }
  ::close(fd);
  return bytes;
}

}  // namespace

std::vector<LineRow> decode_line_section(const unsigned char* data, std::size_t size) {
  std::vector<LineRow> rows;
  Cursor c{data, size};
  while (c.has(4)) {
    std::uint64_t length = c.fixed(4);
    const bool dwarf64 = length == 0xffffffffu;
    if (dwarf64) length = c.fixed(8);
    if (c.failed || length > size - c.pos) break;
    const std::size_t end = c.pos + length;
    Cursor unit{data, end, c.pos};
    decode_unit(unit, end, dwarf64, rows);
    c.pos = end;
  }
  // Units come in link order, not address order. At one address, an end of sequence goes first (the
  // next function may start there), then rows in program order: the last one describes the code.
  std::stable_sort(rows.begin(), rows.end(), [](const LineRow& a, const LineRow& b) {
    if (a.address != b.address) return a.address < b.address;
    return a.end_sequence && !b.end_sequence;
  });
  return rows;
}

std::vector<LineRow> read_line_rows(const std::string& elf_path) {
  const std::vector<unsigned char> section = read_section(elf_path, ".debug_line");
  return decode_line_section(section.data(), section.size());
}

const LineRow* row_at(const std::vector<LineRow>& rows, std::uint64_t address) {
  auto it = std::upper_bound(rows.begin(), rows.end(), address,
                             [](std::uint64_t a, const LineRow& row) { return a < row.address; });
  if (it == rows.begin()) return nullptr;
  --it;
  return it->end_sequence ? nullptr : &*it;
}

}  // namespace kitcpu::detail
