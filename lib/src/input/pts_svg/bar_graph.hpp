// SPDX-License-Identifier: MIT
// One of PTS's bar graphs (pts_graph_horizontal_bars, and its box plots), read from the texts
// that place its bars: the HTML export's inline graphs and a result-graphs folder's N.svg are
// the same drawing (docs/pts-html.md, docs/pts-graphs.md).
#pragma once

#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "input/pts_svg/svg_context.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// What a bar graph says of its chart and entries.
struct bar_graph {
  std::string heading;                 ///< `FFTW 3.3.6`: title and version as printed
  std::vector<std::string> subtitles;  ///< the options, one line each (PTS splits at `|`)
  std::string unit;
  direction dir = direction::none;
  bool multi_way = false;      ///< bars grouped under rotated labels, a legend of colours
  /// Each bar, top to bottom, with its place, value, SE, N, min and max as printed.
  std::vector<entry> entries;
  std::vector<bool> valued;            ///< whether each bar has a value (PTS prints none <= 0)
  std::vector<pugi::xml_node> nodes;   ///< each bar's identifier, for messages
  std::size_t decimals_max = 0;  ///< the most decimals of a value printed
};

/// Reads the bar graph `svg` into `out`; `name` names its chart in messages, `systems` the
/// systems a multi-way comparison's labels may name (none: PTS's own order, `LEGEND: GROUP`).
/// Returns false, with a warning (pts-html-chart-not-read), when the graph is of a kind not
/// read or its bars cannot be told apart.
bool read_bar_graph(const svg_context& h, const pugi::xml_node& svg, std::string_view name,
                    const std::vector<system>& systems, bar_graph& out);

/// Adds the bars of `graph` that have a value to `chart` (within the entries limit), and
/// warns of each that has none (pts-html-value-not-printed).
void add_bars(const svg_context& h, std::string_view name, bar_graph& graph, result& chart);

/// The heading of a graph (`Rodinia v2.4`) split by PTS's rule when the title is known from
/// elsewhere: the rest is the version, PTS before 10.0 having put a `v` before a version of
/// three or more characters that starts with a digit. False when `heading` does not start with
/// `title`.
bool version_after_title(std::string_view heading, std::string_view title, bool v_prefixed,
                         std::string& version);

}  // namespace iosr::detail
