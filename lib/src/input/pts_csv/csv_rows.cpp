// SPDX-License-Identifier: MIT
#include "input/pts_csv/csv_rows.hpp"

#include "strings.hpp"

namespace iosr::detail {

bool csv_row::blank() const {
  for (const auto& c : cells) {
    if (!trim(c.text).empty()) return false;
  }
  return true;
}

namespace {

// A quote followed by the line end or a comma, blanks between allowed, closes its cell.
bool closes(std::string_view line, std::size_t after) {
  while (after < line.size() && line[after] == ' ') ++after;
  return after == line.size() || line[after] == ',';
}

// Reads the quoted cell whose opening quote is at `i`; leaves `i` on the `,` or line end after
// it. False when the line ends before the closing quote.
bool read_quoted(std::string_view line, std::size_t& i, std::string& out) {
  ++i;
  while (i < line.size()) {
    char c = line[i];
    if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out += '"';
      i += 2;
    } else if (c == '"' && closes(line, i + 1)) {
      ++i;
      // Blanks an editor put between the quote and the comma (columns aligned) are no text.
      while (i < line.size() && line[i] == ' ') ++i;
      return true;
    } else {
      out += c;
      ++i;
    }
  }
  return false;
}

}  // namespace

std::vector<csv_row> split_csv_rows(std::string_view text, std::size_t& unclosed,
                                    std::size_t from) {
  unclosed = std::string_view::npos;
  std::vector<csv_row> rows;
  std::size_t line_start = from;
  while (line_start < text.size()) {
    auto line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    auto line = text.substr(line_start, line_end - line_start);
    if (line.ends_with('\r')) line.remove_suffix(1);
    csv_row row;
    row.offset = line_start;
    std::size_t i = 0;
    while (true) {
      csv_cell cell;
      cell.offset = line_start + i;
      if (i < line.size() && line[i] == '"') {
        cell.quoted = true;
        if (!read_quoted(line, i, cell.text) && unclosed == std::string_view::npos) {
          unclosed = cell.offset;
        }
      } else {
        auto comma = std::min(line.find(',', i), line.size());
        cell.text = line.substr(i, comma - i);
        i = comma;
      }
      row.cells.push_back(std::move(cell));
      if (i >= line.size()) break;
      ++i;  // the comma
    }
    rows.push_back(std::move(row));
    line_start = line_end + 1;
  }
  return rows;
}

}  // namespace iosr::detail
