// SPDX-License-Identifier: MIT
// CSV rows and cells (csv_rows.hpp).
#include "input/csv_rows.hpp"

#include "strings.hpp"

namespace iosr::detail {

bool csv_row::blank() const {
  for (const auto& c : cells) {
    if (!trim(c.text).empty()) return false;
  }
  return true;
}

namespace {

// A quote followed by the line end or the delimiter, blanks between allowed, closes its cell.
bool closes(std::string_view line, std::size_t after, char delimiter) {
  while (after < line.size() && line[after] == ' ') ++after;
  return after == line.size() || line[after] == delimiter;
}

// Reads the quoted cell whose opening quote is at `i`; leaves `i` on the delimiter or line end
// after it. False when the line ends before the closing quote.
bool read_quoted(std::string_view line, std::size_t& i, std::string& out, char delimiter) {
  ++i;
  while (i < line.size()) {
    char c = line[i];
    if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out += '"';
      i += 2;
    } else if (c == '"' && closes(line, i + 1, delimiter)) {
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

// RFC 4180: a quoted cell from the quote at `i` to a quote not doubled, across line ends; `i`
// is left after it. False when the text ends first.
bool read_rfc4180_quoted(std::string_view text, std::size_t& i, std::string& out) {
  ++i;
  while (i < text.size()) {
    if (text[i] == '"') {
      if (i + 1 < text.size() && text[i + 1] == '"') {
        out += '"';
        i += 2;
        continue;
      }
      ++i;
      return true;
    }
    out += text[i++];
  }
  return false;
}

std::vector<csv_row> split_rfc4180_rows(std::string_view text, std::size_t& unclosed,
                                        std::size_t from, char delimiter) {
  std::vector<csv_row> rows;
  std::size_t i = from;
  while (i < text.size()) {
    csv_row row;
    row.offset = i;
    while (true) {
      csv_cell cell;
      cell.offset = i;
      if (i < text.size() && text[i] == '"') {
        cell.quoted = true;
        if (!read_rfc4180_quoted(text, i, cell.text) && unclosed == std::string_view::npos) {
          unclosed = cell.offset;
        }
      }
      // Unquoted text, or what follows a closing quote, up to the delimiter or the line end.
      while (i < text.size() && text[i] != delimiter && text[i] != '\n') cell.text += text[i++];
      if (!cell.text.empty() && cell.text.back() == '\r' && (i >= text.size() || text[i] == '\n')) {
        cell.text.pop_back();
      }
      row.cells.push_back(std::move(cell));
      if (i < text.size() && text[i] == delimiter) {
        ++i;
        continue;
      }
      if (i < text.size()) ++i;  // the line end
      break;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::vector<csv_row> split_csv_rows(std::string_view text, std::size_t& unclosed,
                                    std::size_t from, char delimiter, csv_quoting quoting) {
  unclosed = std::string_view::npos;
  if (quoting == csv_quoting::rfc4180) return split_rfc4180_rows(text, unclosed, from, delimiter);
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
        if (!read_quoted(line, i, cell.text, delimiter) && unclosed == std::string_view::npos) {
          unclosed = cell.offset;
        }
      } else {
        auto comma = std::min(line.find(delimiter, i), line.size());
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
