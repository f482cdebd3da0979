// SPDX-License-Identifier: MIT
// The pipe tables of a Markdown text, as GitHub-flavoured Markdown defines them (a header row,
// a delimiter row `| --- | ---: |`, body rows), with each cell's place; for the readers of
// iosr's own tables and of the tables people make (docs/tables.md).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

struct md_cell {
  std::string text;        ///< trimmed, as written (escapes kept: markdown_unescaped())
  std::size_t offset = 0;  ///< of its first byte in the text
};

struct md_table {
  std::size_t offset = 0;  ///< of the header row
  std::size_t end = 0;     ///< after the last row
  std::vector<md_cell> header;
  std::vector<std::vector<md_cell>> rows;  ///< each as many cells as the header (padded)
};

/// Every pipe table of `text`, in order. A row of fewer cells than the header is padded with
/// empty cells; one of more keeps them (GitHub drops the excess: a reader says so).
std::vector<md_table> find_markdown_tables(std::string_view text);

/// The text a Markdown cell shows: backslash escapes of ASCII punctuation undone, `&#32;` a
/// blank, `**bold**` around all of it removed.
std::string markdown_unescaped(std::string_view text);

/// The cells of one table row (`| a | b |`, `a | b`): split at `|` not escaped, trimmed.
std::vector<md_cell> split_markdown_row(std::string_view line, std::size_t offset);

}  // namespace iosr::detail
