// SPDX-License-Identifier: MIT
// Markdown pipe tables (markdown_tables.hpp).
#include "input/markdown_tables.hpp"

#include "strings.hpp"

namespace iosr::detail {

namespace {

bool is_punctuation(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

// `---`, `:---`, `---:`, `:---:`: a delimiter row's cell.
bool is_delimiter_cell(std::string_view cell) {
  cell = trim(cell);
  if (cell.starts_with(':')) cell.remove_prefix(1);
  if (cell.ends_with(':')) cell.remove_suffix(1);
  if (cell.empty()) return false;
  for (char c : cell) {
    if (c != '-') return false;
  }
  return true;
}

struct line {
  std::string_view text;
  std::size_t offset;
};

}  // namespace

std::vector<md_cell> split_markdown_row(std::string_view text, std::size_t offset) {
  std::vector<md_cell> cells;
  auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return cells;
  std::size_t i = first;
  if (text[i] == '|') ++i;
  // The row's end: a last `|` not escaped closes the last cell.
  auto end = text.find_last_not_of(" \t\r");
  std::size_t stop = end + 1;
  if (end > i && text[end] == '|' && text[end - 1] != '\\') stop = end;
  std::size_t start = i;
  for (; i <= stop; ++i) {
    if (i < stop && text[i] == '\\' && i + 1 < stop) {
      ++i;
      continue;
    }
    if (i == stop || text[i] == '|') {
      auto raw = text.substr(start, i - start);
      auto lead = raw.find_first_not_of(" \t");
      md_cell cell;
      cell.text = std::string(trim(raw));
      cell.offset = offset + start + (lead == std::string_view::npos ? 0 : lead);
      cells.push_back(std::move(cell));
      start = i + 1;
    }
  }
  return cells;
}

std::vector<md_table> find_markdown_tables(std::string_view text) {
  std::vector<line> lines;
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back({text.substr(at, end - at), at});
    at = end + 1;
  }
  std::vector<md_table> tables;
  for (std::size_t k = 0; k + 1 < lines.size(); ++k) {
    if (lines[k].text.find('|') == std::string_view::npos) continue;
    auto delimiters = split_markdown_row(lines[k + 1].text, lines[k + 1].offset);
    if (delimiters.empty() || lines[k + 1].text.find('-') == std::string_view::npos) continue;
    bool all = true;
    for (const auto& d : delimiters) all = all && is_delimiter_cell(d.text);
    auto header = split_markdown_row(lines[k].text, lines[k].offset);
    if (!all || header.size() != delimiters.size()) continue;
    md_table t;
    t.offset = lines[k].offset;
    t.header = std::move(header);
    std::size_t r = k + 2;
    for (; r < lines.size(); ++r) {
      auto body = trim(lines[r].text);
      if (body.empty() || body.find('|') == std::string_view::npos) break;
      auto cells = split_markdown_row(lines[r].text, lines[r].offset);
      while (cells.size() < t.header.size()) cells.push_back({{}, lines[r].offset});
      t.rows.push_back(std::move(cells));
    }
    t.end = r < lines.size() ? lines[r].offset : text.size();
    tables.push_back(std::move(t));
    k = r - 1;
  }
  return tables;
}

std::string markdown_unescaped(std::string_view text) {
  text = trim(text);
  // Bold around the whole cell (iosr marks the best value so).
  if (text.size() >= 4 && text.starts_with("**") && text.ends_with("**")) {
    text = trim(text.substr(2, text.size() - 4));
  }
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && is_punctuation(text[i + 1])) {
      out += text[++i];
    } else if (text.substr(i).starts_with("&#32;")) {
      out += ' ';
      i += 4;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace iosr::detail
