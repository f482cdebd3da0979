// SPDX-License-Identifier: MIT
// Splits CSV text into rows of cells with their offsets: the way PTS writes it (a cell may be
// quoted, and PTS does not escape the quotes or commas inside: docs/pts-csv.md), or as RFC 4180
// says (iosr's own CSV, a spreadsheet's, pandas'), with another delimiter if need be.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

struct csv_cell {
  std::string text;        ///< unquoted, otherwise as written
  std::size_t offset = 0;  ///< of the cell's first byte in the input
  bool quoted = false;     ///< written in quotes: `""` is a cell that is there but empty
};

struct csv_row {
  std::vector<csv_cell> cells;
  std::size_t offset = 0;

  /// The cell's text, or empty past the end of the row.
  std::string_view at(std::size_t column) const {
    return column < cells.size() ? std::string_view(cells[column].text) : std::string_view();
  }
  /// True when every cell is empty or blank (`,,,,` of a spreadsheet re-save).
  bool blank() const;
};

/// How a CSV quotes its cells.
enum class csv_quoting {
  pts,      ///< a quoted cell ends at a `"` followed by the delimiter or the line end; `""` is
            ///< one `"` and any other `"` is kept (PTS writes them raw); no line ends inside
  rfc4180,  ///< a quoted cell ends at a `"` not doubled, and may hold line ends
};

/// The rows of `text` from offset `from` (a line start) on; offsets count from the start of
/// `text`. Returns the offset of a quoted cell that is not closed (by its line, for PTS's
/// quoting; by the text, for RFC 4180's) in `unclosed`, or npos.
std::vector<csv_row> split_csv_rows(std::string_view text, std::size_t& unclosed,
                                    std::size_t from = 0, char delimiter = ',',
                                    csv_quoting quoting = csv_quoting::pts);

}  // namespace iosr::detail
