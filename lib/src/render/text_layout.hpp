// SPDX-License-Identifier: MIT
// THE layout of text for a terminal, for every ASCII output (compare, table, trend, show): width
// in columns, padding, wrapping, names shortened only while they stay distinct, and tables whose
// columns go to further blocks when the width runs out. docs/compare.md, "Widths and names".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// The narrowest width laid out: a smaller COLUMNS is taken as this.
inline constexpr std::size_t narrowest_width = 40;

/// `width` as the layout uses it: at least narrowest_width.
std::size_t usable_width(int width);

/// Columns a text takes: one per character (UTF-8 continuation bytes take none).
std::size_t columns_of(std::string_view s);

std::string pad_right(std::string_view s, std::size_t width);
std::string pad_left(std::string_view s, std::size_t width);

/// The text in lines of at most `width` columns, broken at blanks; a word longer than a line is
/// broken where the line ends. Lines after the first start with `indent` (counted in the width).
std::vector<std::string> wrapped(std::string_view text, std::size_t width,
                                 std::string_view indent = "  ");

/// The text shortened to `width` columns by a `…` in its middle, so that both its start and its
/// end (where labels and test options usually differ) stay; the text itself when it fits.
std::string elided(std::string_view text, std::size_t width);

/// The same, but the last `kept_end` columns (the part that tells a row from its neighbours: a
/// trend's scheduler and test count) are never cut while the width leaves them room beside the
/// `…`: the text is shortened before them, where the rows differ least. Otherwise as elided().
std::string elided(std::string_view text, std::size_t width, std::size_t kept_end);

/// The text cut to `width` columns, ending in `…`: for a sentence whose start says what matters
/// (an input's error text as a row's reason); the text itself when it fits.
std::string truncated(std::string_view text, std::size_t width);

/// Names of the rows of one block, each as the lines it takes in a column `width` wide. A name
/// that fits is one line. Longer names are elided in the middle, unless that makes two rows read
/// the same (or one read as another's full name); then every long name of the block is wrapped
/// instead, whole. So rows that differ always read differently: a name is never cut until that
/// would make two rows read the same.
/// `kept_end`, when given, is per name the columns at its end that shortening keeps (the
/// three-argument elided()); when one has no room, the long names are wrapped instead.
std::vector<std::vector<std::string>> fitted_names(const std::vector<std::string>& names,
                                                   std::size_t width,
                                                   const std::vector<std::size_t>& kept_end = {});

/// Paths (`iosr db list`), each as the lines it takes in a column `width` wide, as fitted_names()
/// fits names but at the slashes: a path that fits is one line; a longer one keeps its start and
/// as many of its last components as the width leaves, whole, and at least those that tell it
/// from every other path of the list (`/srv/results/…/bfq/C-Ray.xml`); one without a slash is
/// shortened in its middle as a name is. A path whose telling end has no room is wrapped after
/// its slashes instead, whole (a component wider than the column alone is cut), and when two
/// paths would still read the same, every long path is.
std::vector<std::vector<std::string>> fitted_paths(const std::vector<std::string>& paths,
                                                   std::size_t width);

/// A table for a terminal: a name column, then columns of cells. Columns that do not fit beside
/// the names within the width go to a further block below, each block repeating the names.
struct text_table {
  struct row {
    /// A line across the table instead of cells (a group or family heading), wrapped to the
    /// width; its cells are ignored.
    std::string heading;
    std::vector<std::string> cells;  ///< cells[0] the name, then one per column
    /// Optional, per cell: an ANSI code that colours the cell's text (not its padding).
    std::vector<std::string> colors;
    /// Columns at the end of the name that shortening keeps (elided() with kept_end).
    std::size_t kept_end = 0;
  };
  std::vector<std::string> header;  ///< header[0] above the names; may be empty texts
  std::vector<bool> left;           ///< per column: left-aligned (else right-aligned)
  std::vector<row> rows;
  std::string indent;         ///< before every line of the table
  std::string row_indent;     ///< before the header and rows, after indent: under headings
  std::size_t min_name = 12;  ///< the name column is never made narrower than this
};

/// The table laid out in `width` columns (usable_width()), appended to `out`. The name column is
/// as wide as the longest name, up to half the width (never under min_name); the names are
/// fitted_names() of each run of rows between headings. Blocks after the first are preceded by a
/// blank line and show only the rows with a cell in them (and the headings of those).
void render_text_table(const text_table& table, std::size_t width, std::string& out);

}  // namespace iosr::detail
