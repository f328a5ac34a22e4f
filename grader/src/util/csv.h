// Cells of the CSV files the kit writes for a class (gradebooks, the leaderboard). Text in them comes from
// students (names, folder names, Gradescope display names) and opens in a spreadsheet, which runs a cell
// that starts like a formula: every text cell is neutralised here, and only numbers the kit formatted
// itself are written as they are.
#pragma once

#include <string>
#include <vector>

namespace kit {

// A cell of text from anywhere. A cell that a spreadsheet would take for a formula (it starts with `=`,
// `+`, `-`, `@`, a tab or a carriage return: OWASP's list) gets a single quote in front and is quoted;
// a cell with a comma, a quote or a line break is quoted, its quotes doubled (RFC 4180).
std::string csv_text(const std::string& text);

// A number the kit formatted itself ("70", "7.5", "1e+06", "-0.25"): written as it is, so that it stays a
// number. Anything that is not a plain decimal number is written as csv_text writes it.
std::string csv_number(const std::string& formatted);

// Cells already written by csv_text or csv_number, joined into one line with RFC 4180's line ending.
std::string csv_line(const std::vector<std::string>& cells);

}  // namespace kit
