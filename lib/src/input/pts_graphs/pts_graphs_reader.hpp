// SPDX-License-Identifier: MIT
// PTS's standalone graphs (docs/pts-graphs.md): one SVG that PTS drew when it saved a result
// (a bar graph N.svg, a result's table N_table.svg, the overview.svg of every result), or a
// result-graphs folder of them, read as one result file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

/// A graph as PTS writes it (`<!--Phoronix Test Suite v8.6.1 ...-->` before `<svg`), or a
/// folder of them joined (join_graphs_folder()).
bool sniff_pts_graphs(std::string_view text);
/// A folder joined: what a directory walk reads as a result file. A graph alone is one only when
/// named: found beside its composite.xml, or in an archive, it is a copy of what that holds.
bool is_graphs_folder_text(std::string_view text);
void read_pts_graphs(reader_context& ctx, const read_options& options);

/// The line that starts each file of a folder joined: `<!-- iosr result-graphs: 3.svg -->`.
inline constexpr std::string_view folder_file_mark = "<!-- iosr result-graphs: ";

/// Where a file of a folder goes among the folder's graphs, by its name: 1.svg, 1_table.svg,
/// 2.svg, ..., overview.svg, systems.svg; -1 for a file that is none of PTS's graphs of
/// results (visualize.svg, radar.svg, a PNG), which is not read.
long folder_graph_rank(std::string_view name);

}  // namespace iosr::detail
