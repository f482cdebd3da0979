// SPDX-License-Identifier: MIT
// PTS's HTML export (docs/pts-html.md). PTS builds the page by joining strings around SVG that
// PHP's DOM serialises, so the page is well-formed XML unless a title or description written
// into it unescaped holds markup: it is parsed with pugixml, which the composite.xml reader
// uses too, and refused with the parser's position when it does not parse.
#include "input/pts_html/pts_html_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <pugixml.hpp>
#include <string>
#include <unordered_set>
#include <vector>

#include "input/pts_svg/bar_graph.hpp"
#include "input/pts_svg/svg_context.hpp"
#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct chart_heading {
  pugi::xml_node h2, h3;
};

void read_graph(const svg_context& h, const chart_heading& heading, const pugi::xml_node& svg,
                std::size_t& decimals_max) {
  auto& file = h.ctx.out;
  result chart;
  chart.title = std::string(trim(heading.h2.child_value()));
  chart.description = heading.h3 ? std::string(trim(heading.h3.child_value())) : std::string();
  chart.where = h.where(heading.h2);
  auto name = quoted(chart.title) + " (" + chart.description + ")";
  bar_graph graph;
  if (!read_bar_graph(h, svg, name, file.systems, graph)) return;
  chart.display_format = display_format::bar_graph;
  // The version is what follows the title in the graph's heading (`FFTW 3.3.6`).
  if (std::string version; version_after_title(graph.heading, chart.title, false, version)) {
    chart.version = std::move(version);
  }
  chart.unit = graph.unit;
  chart.direction = graph.dir;
  decimals_max = std::max(decimals_max, graph.decimals_max);
  auto& entries = graph.entries;
  // PTS names a run that failed in a paragraph after the graph: `<strong>ID:</strong> why`.
  for (auto p2 = heading.h2.next_sibling(); p2 && !is(p2, "h2"); p2 = p2.next_sibling()) {
    auto strong = p2.child("strong");
    if (!is(p2, "p") || !strong) continue;
    auto id = trim(strong.child_value());
    if (id.ends_with(':')) id.remove_suffix(1);
    auto why = trim(strong.next_sibling().value());
    auto it =
        std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.label == id; });
    if (it == entries.end() || graph.valued[static_cast<std::size_t>(it - entries.begin())]) {
      h.warn(p2, message_code::html_errors_unmatched,
             "chart " + name + ": the failed run of " + quoted(id) +
                 " names no bar without a value; not read");
      continue;
    }
    it->kind = entry_kind::failed;
    it->error = std::string(why);
    graph.valued[static_cast<std::size_t>(it - entries.begin())] = true;
  }
  add_bars(h, name, graph, chart);
  file.results.push_back(std::move(chart));
}

}  // namespace

bool sniff_pts_html(std::string_view text) { return is_pts_html_export(text); }

void read_pts_html(reader_context& ctx, const read_options& options) {
  svg_context h{ctx};
  pugi::xml_document doc;
  parse_svg_document(h, ctx.text, doc, options.max_xml_depth,
                     {"page", "PTS's HTML export whole, up to </html>",
                      "PTS's HTML export as PTS writes it (well-formed markup; a title or "
                      "description holding '<' breaks it)",
                      "PTS's HTML export (8 levels"});
  auto body = doc.child("html").child("body");
  if (!body) h.fail(doc.document_element(), "no <body> in <html>; expected PTS's HTML export");
  auto& file = ctx.out;
  std::size_t tables = 0, decimals_max = 0;
  chart_heading heading;
  for (auto node : body.children()) {
    if (is(node, "h1")) {
      file.title = std::string(trim(node.child_value()));
    } else if (is(node, "h2")) {
      heading = {node, {}};
    } else if (is(node, "h3")) {
      heading.h3 = node;
    } else if (is(node, "p")) {
      auto svg = node.child("svg");
      if (!svg) {
        // The description comes first; later paragraphs are a chart's notes or failed runs.
        if (tables == 0 && file.description.empty() && !heading.h2) {
          file.description = std::string(trim(node.child_value()));
        }
        continue;
      }
      if (heading.h2) {
        read_graph(h, heading, svg, decimals_max);
        heading = {};
      } else if (tables++ == 0) {
        read_systems_table(h, svg);
      }
      // The second table, the overview of every result, is not read (docs/pts-html.md).
    }
  }
  if (!file.results.empty()) {
    ctx.warn(0, message_code::pts_html_rounded,
             "values are as PTS's graphs print them, with at most " +
                 counted(decimals_max, "decimal", "decimals") +
                 " (PTS rounds a chart's values to 2 decimals where its smallest is 10 or more); "
                 "SE as printed; the overview table's stored values are not read");
  }
}

}  // namespace iosr::detail
