#include "dwarf_lines.h"

#include <link.h>

#include <gtest/gtest.h>

#include <vector>

namespace kitcpu::detail {
namespace {

// A .debug_line section with one unit of the given version: rows at 0x1000 (line 3, column 7) and
// 0x1004 (line 3, column 12), ending at 0x1014.
std::vector<unsigned char> one_unit(unsigned version) {
  std::vector<unsigned char> header_rest = {1};  // minimum_instruction_length
  if (version >= 4) header_rest.push_back(1);    // maximum_operations_per_instruction
  const std::vector<unsigned char> common = {1, static_cast<unsigned char>(-5), 14, 13,  // is_stmt, line_base, range, opcode_base
                                             0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};         // standard_opcode_lengths
  header_rest.insert(header_rest.end(), common.begin(), common.end());
  if (version >= 5) {
    // Directory and file tables in the version 5 form: one of each, a string path.
    const std::vector<unsigned char> tables = {1, 1, 0x08, 1, '/', 0, 1, 1, 0x08, 1, 'a', '.', 'c', 0};
    header_rest.insert(header_rest.end(), tables.begin(), tables.end());
  } else {
    const std::vector<unsigned char> tables = {0, 'a', '.', 'c', 0, 0, 0, 0, 0};
    header_rest.insert(header_rest.end(), tables.begin(), tables.end());
  }
  const std::vector<unsigned char> program = {
      0, 9, 2, 0x00, 0x10, 0, 0, 0, 0, 0, 0,  // set_address 0x1000
      5, 7,                                   // set_column 7
      20,                                     // special: line += 2, address += 0 -> row
      5, 12,                                  // set_column 12
      74,                                     // special: address += 4 -> row
      2, 16,                                  // advance_pc 16
      0, 1, 1};                               // end_sequence
  std::vector<unsigned char> after_length = {static_cast<unsigned char>(version), 0};
  if (version >= 5) after_length.insert(after_length.end(), {8, 0});  // address_size, segment_selector_size
  const auto header_length = static_cast<unsigned>(header_rest.size());
  after_length.insert(after_length.end(), {static_cast<unsigned char>(header_length), 0, 0, 0});
  after_length.insert(after_length.end(), header_rest.begin(), header_rest.end());
  after_length.insert(after_length.end(), program.begin(), program.end());
  std::vector<unsigned char> section = {static_cast<unsigned char>(after_length.size()), 0, 0, 0};
  section.insert(section.end(), after_length.begin(), after_length.end());
  return section;
}

void expect_rows(const std::vector<LineRow>& rows) {
  ASSERT_EQ(rows.size(), 3u);
  const LineRow* r = row_at(rows, 0x1000);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->line, 3);
  EXPECT_EQ(r->column, 7);
  EXPECT_EQ(row_at(rows, 0x1003)->column, 7);
  EXPECT_EQ(row_at(rows, 0x1004)->column, 12);
  EXPECT_EQ(row_at(rows, 0x1013)->line, 3);
  EXPECT_EQ(row_at(rows, 0x1014), nullptr);  // past the end of the sequence
  EXPECT_EQ(row_at(rows, 0xfff), nullptr);   // before it
}

TEST(DwarfLines, DecodesVersion4) {
  const auto section = one_unit(4);
  expect_rows(decode_line_section(section.data(), section.size()));
}

TEST(DwarfLines, DecodesVersion5) {
  const auto section = one_unit(5);
  expect_rows(decode_line_section(section.data(), section.size()));
}

TEST(DwarfLines, TruncatedSectionsGiveWhatWasDecoded) {
  const auto section = one_unit(5);
  for (std::size_t cut = 0; cut < section.size(); ++cut) {
    const auto rows = decode_line_section(section.data(), cut);
    EXPECT_LE(rows.size(), 3u);
  }
  EXPECT_TRUE(decode_line_section(nullptr, 0).empty());
}

__attribute__((noinline)) const void* return_address() { return __builtin_return_address(0); }

int note_bias(dl_phdr_info* info, std::size_t, void* bias) {
  *static_cast<std::uintptr_t*>(bias) = info->dlpi_addr;
  return 1;
}

// This test program's own table: the call below is on the line __LINE__ names, at a column > 0.
TEST(DwarfLines, FindsTheLineAndColumnOfCodeInThisProgram) {
  const int line = __LINE__ + 1;
  const auto pc = reinterpret_cast<std::uintptr_t>(return_address());
  std::uintptr_t bias = 0;
  dl_iterate_phdr(&note_bias, &bias);
  const std::vector<LineRow> rows = read_line_rows("/proc/self/exe");
  ASSERT_FALSE(rows.empty()) << "the unit tests are built with -g";
  const LineRow* row = row_at(rows, pc - 1 - bias);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->line, line);
  EXPECT_GT(row->column, 0);
}

TEST(DwarfLines, MissingFileGivesNoRows) { EXPECT_TRUE(read_line_rows("/nonexistent/program").empty()); }

}  // namespace
}  // namespace kitcpu::detail
