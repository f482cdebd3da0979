// SPDX-License-Identifier: MIT
// PTS's table of results (pts_ResultFileTable): a result-graphs folder's N_table.svg (one
// result: rows Results, Difference, Standard Error, Standard Deviation) and overview.svg (a
// row per result), the same drawing as the HTML export's overview. Its values are the values
// PTS stored, as it stored them: the graphs round theirs (docs/pts-graphs.md).
#pragma once

#include <optional>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "input/pts_svg/svg_context.hpp"

namespace iosr::detail {

struct result_table {
  std::string title;                   ///< the test's (N_table.svg) or the result file's
  std::vector<std::string> subtitles;  ///< a result's options (N_table.svg)
  std::vector<std::string> columns;    ///< the systems, left to right (`GROUP: NAME` grouped)
  std::vector<pugi::xml_node> column_nodes;
  struct row {
    std::string label;                              ///< `Results`, `osbench: Create Files`
    std::vector<std::optional<std::string>> cells;  ///< one per column, as written
    std::vector<pugi::xml_node> cell_nodes;
    pugi::xml_node node;
  };
  std::vector<row> rows;  ///< top to bottom
};

/// Reads the table `svg` into `out`; false, with `why`, when it is not PTS's table of results
/// (no column headings, no rows, a value under no column or beside no row).
bool read_result_table(const pugi::xml_node& svg, result_table& out, std::string& why);

/// Whether `label` is a row PTS adds under a result's values (`Standard Error`, ...).
bool is_statistics_row(std::string_view label);

}  // namespace iosr::detail
