// The line-number table of an ELF file's DWARF debug information (.debug_line, versions 2 to 5):
// code address -> line and column.
//
// addr2line, which the symbolizer uses, names file and line but not the column, and the column is what
// tells the two loads of `sum += M[i] * N[j]` apart. Only the rows are decoded, not the file tables:
// the symbolizer already knows the file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kitcpu::detail {

struct LineRow {
  std::uint64_t address = 0;  // as linked: relative to the load address for position-independent files
  int line = 0;
  int column = 0;             // 0: the compiler did not say
  bool end_sequence = false;  // the first address after a run of code
};

// Every row of every line-number program in `elf_path`, sorted by address (for rows at one address,
// program order). Empty when the file cannot be read or has no uncompressed .debug_line.
std::vector<LineRow> read_line_rows(const std::string& elf_path);

// Decodes the rows of a .debug_line section's bytes; exposed for tests.
std::vector<LineRow> decode_line_section(const unsigned char* data, std::size_t size);

// The row that covers `address`, or nullptr (before the first row, in a gap between sequences).
const LineRow* row_at(const std::vector<LineRow>& rows, std::uint64_t address);

}  // namespace kitcpu::detail
