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

#include "input/pts_html/page_context.hpp"
#include "input/pts_html/svg_texts.hpp"
#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// ---- one graph --------------------------------------------------------------------------------

struct graph_parts {
  std::vector<svg_text> identifiers, values, errors;  // errors: `SE +/- 0.10, N = 3`
  std::vector<svg_text> groups, legend;  // a multi-way comparison's rotated labels and key
  std::vector<svg_text> ranges;          // a box plot's `Min: 56.5 / Avg: 56.88 / Max: 61.11`
  const svg_text* title = nullptr;       // `FFTW 3.3.6`
  const svg_text* unit = nullptr;        // `Mflops, More Is Better`
  std::string_view unread;               // why the graph is of a kind not read, or empty
};

graph_parts parts_of(const pugi::xml_node& svg, const std::vector<svg_text>& loose) {
  graph_parts p;
  for (auto& t : loose) {
    auto size = attribute(t.node, "font-size");
    if (size == "17") p.title = &t;
    // The unit line is in PTS's text colour; a long description shrunk to its size is not.
    if (size == "8" && attribute(t.node, "font-weight") == "bold" &&
        attribute(t.node, "text-anchor") == "start" && attribute(t.node, "fill") == "#065695" &&
        p.unit == nullptr) {
      p.unit = &t;
    }
  }
  for (auto& g : groups_of(svg)) {
    bool se = std::all_of(g.texts.begin(), g.texts.end(),
                          [](auto& t) { return t.text.starts_with("SE +/- "); });
    bool rotated = std::any_of(g.texts.begin(), g.texts.end(),
                               [](auto& t) { return !attribute(t.node, "transform").empty(); });
    bool range = std::all_of(g.texts.begin(), g.texts.end(),
                             [](auto& t) { return t.text.starts_with("Min: "); });
    if (se) {
      p.errors = g.texts;
    } else if (range) {
      p.ranges = g.texts;
    } else if (rotated) {
      p.groups = g.texts;
    } else if (g.anchor == "start" && g.weight == "bold" && g.font_size == "9") {
      p.legend = g.texts;
    } else if (g.anchor == "end" && g.weight == "bold" && g.fill == "#FFFFFF") {
      p.values = g.texts;
    } else if (g.anchor == "end" && g.weight == "bold") {
      p.identifiers = g.texts;
    }
  }
  if (p.unread.empty() && p.identifiers.empty() && (p.groups.empty() || p.legend.empty())) {
    p.unread = "not a bar graph (no identifiers beside bars)";
  }
  return p;
}

// The identifier a value or an SE line belongs to: PTS writes them at or below the middle of
// their bar's band, the identifier at its top, so the last identifier not below the text.
int bar_of(const by_height& identifiers, const svg_text& t) {
  return identifiers.last_not_below(t.y + 0.5);
}

// A box plot's `Min: 56.5 / Avg: 56.88 / Max: 61.11` into the entry's value (the average, as
// PTS stores it), minimum and maximum; false when it is not that.
bool read_range(std::string_view text, entry& e) {
  auto min_end = text.find(" / Avg: ");
  auto avg_end = text.find(" / Max: ");
  if (min_end == std::string_view::npos || avg_end == std::string_view::npos || avg_end < min_end) {
    return false;
  }
  auto min = parse_number(text.substr(5, min_end - 5));
  auto avg_text = text.substr(min_end + 8, avg_end - min_end - 8);
  auto avg = parse_number(avg_text);
  auto max = parse_number(trim(text.substr(avg_end + 8)));
  if (!min || !avg || !max) return false;
  e.value_text = std::string(avg_text);
  e.value = avg;
  e.min = min;
  e.max = max;
  return true;
}

// `SE +/- 0.10, N = 3` into the entry's standard error and N; false when it is not that.
bool read_se(std::string_view text, entry& e) {
  text.remove_prefix(std::string_view("SE +/- ").size());
  auto comma = text.find(", N = ");
  if (comma == std::string_view::npos) return false;
  auto se = parse_number(text.substr(0, comma));
  auto n = parse_number(text.substr(comma + 6));
  if (!se || !n || *n < 1 || *n != std::floor(*n)) return false;
  e.standard_error = *se;
  e.sample_count = static_cast<std::size_t>(*n);
  return true;
}

// A multi-way comparison: bars grouped under rotated labels (a label of several lines is
// `A - B`, its first part rightmost), in each group one bar per legend item, top to bottom.
// Each bar's system is `LEGEND: GROUP` or `GROUP: LEGEND`, whichever way names systems of the
// table. p.identifiers becomes one per bar, at its value's height; false when the bars cannot
// be told apart so (why in `why`).
bool label_multi_way(graph_parts& p, const std::vector<system>& systems, std::string& why) {
  // The lines of each group, joined.
  std::vector<svg_text> groups;
  auto lines = p.groups;
  std::sort(lines.begin(), lines.end(),
            [](auto& a, auto& b) { return a.y != b.y ? a.y < b.y : a.x > b.x; });
  for (auto& line : lines) {
    if (!groups.empty() && groups.back().y == line.y) {
      groups.back().text += " - " + std::string(trim(line.text));
    } else {
      groups.push_back(line);
      groups.back().text = std::string(trim(line.text));
    }
  }
  std::vector<std::vector<const svg_text*>> bars(groups.size());
  by_height group_rows(groups);
  for (auto& v : p.values) {
    auto g = group_rows.nearest(v.y, std::numeric_limits<double>::infinity());
    if (g >= 0) bars[static_cast<std::size_t>(g)].push_back(&v);
  }
  std::unordered_set<std::string_view> labels;
  for (const auto& s : systems) labels.insert(s.label);
  auto known = [&](const std::string& label) { return labels.contains(label); };
  for (int order = 0; order < 2; ++order) {
    std::vector<svg_text> named;
    bool all_known = true;
    for (std::size_t g = 0; g < groups.size() && all_known; ++g) {
      auto& in_group = bars[g];
      if (in_group.size() != p.legend.size()) {
        why = "group " + quoted(groups[g].text) + " has " + counted(in_group.size(), "value") +
              " for " + counted(p.legend.size(), "legend item", "legend items") +
              " (PTS prints none for a value of 0 or below)";
        return false;
      }
      std::sort(in_group.begin(), in_group.end(), [](auto* a, auto* b) { return a->y < b->y; });
      for (std::size_t k = 0; k < in_group.size(); ++k) {
        auto legend = std::string(trim(p.legend[k].text));
        auto label = order == 0 ? legend + ": " + groups[g].text : groups[g].text + ": " + legend;
        all_known = all_known && known(label);
        named.push_back({label, in_group[k]->x, in_group[k]->y, in_group[k]->node});
      }
    }
    if (all_known) {
      std::sort(named.begin(), named.end(), [](auto& a, auto& b) { return a.y < b.y; });
      p.identifiers = std::move(named);
      return true;
    }
  }
  why = "its legend and group labels name no systems of the systems table";
  return false;
}

struct chart_heading {
  pugi::xml_node h2, h3;
};

void read_graph(const html_context& h, const chart_heading& heading, const pugi::xml_node& svg,
                std::size_t& decimals_max) {
  auto& file = h.ctx.out;
  result chart;
  chart.title = std::string(trim(heading.h2.child_value()));
  chart.description = heading.h3 ? std::string(trim(heading.h3.child_value())) : std::string();
  chart.where = h.ctx.at(h.offset(heading.h2));
  auto loose = texts_of(svg);
  auto p = parts_of(svg, loose);
  auto name = quoted(chart.title) + " (" + chart.description + ")";
  if (!p.unread.empty()) {
    h.warn(svg, message_code::pts_html_chart_not_read,
           "chart " + name + " is " + std::string(p.unread) + "; not read");
    return;
  }
  if (!p.groups.empty()) {
    std::string why;
    if (!label_multi_way(p, file.systems, why)) {
      h.warn(svg, message_code::pts_html_chart_not_read,
             "chart " + name + " is a multi-way comparison whose bars cannot be told apart: " +
                 why + "; not read");
      return;
    }
  }
  chart.display_format = display_format::bar_graph;
  if (p.title != nullptr) {
    auto full = trim(p.title->text);
    if (full.size() > chart.title.size() + 1 && full.starts_with(chart.title) &&
        full[chart.title.size()] == ' ') {
      chart.version = std::string(trim(full.substr(chart.title.size() + 1)));
    }
  }
  if (p.unit != nullptr) {
    auto unit = trim(p.unit->text);
    for (auto [mark, dir] : {std::pair{std::string_view("More Is Better"), direction::higher},
                             std::pair{std::string_view("Fewer Is Better"), direction::lower}}) {
      if (unit.ends_with(mark)) {
        chart.direction = dir;
        unit.remove_suffix(mark.size());
        if (unit.ends_with(", ")) unit.remove_suffix(2);
      }
    }
    chart.unit = std::string(unit);
  }
  by_height identifier_rows(p.identifiers);
  std::vector<entry> entries(p.identifiers.size());
  std::vector<bool> valued(entries.size(), false);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    entries[i].label = std::string(trim(p.identifiers[i].text));
    entries[i].where = h.ctx.at(h.offset(p.identifiers[i].node));
  }
  for (auto& v : p.values) {
    auto bar = bar_of(identifier_rows, v);
    auto number = parse_number(trim(v.text));
    if (bar < 0 || valued[static_cast<std::size_t>(bar)] || !number) {
      h.warn(v.node, message_code::pts_html_chart_not_read,
             "chart " + name + ": value " + quoted(v.text) +
                 (number ? " stands beside no bar of its own" : " is not a number") +
                 "; the chart is not read");
      return;
    }
    auto& e = entries[static_cast<std::size_t>(bar)];
    e.value_text = std::string(trim(v.text));
    e.value = number;
    e.where = h.ctx.at(h.offset(v.node));
    valued[static_cast<std::size_t>(bar)] = true;
    decimals_max = std::max(decimals_max, static_cast<std::size_t>(decimals(e.value_text)));
  }
  // A box plot prints no value on a bar: its average is in the `Min: / Avg: / Max:` line.
  for (auto& r : p.ranges) {
    auto bar = bar_of(identifier_rows, r);
    if (bar < 0 || valued[static_cast<std::size_t>(bar)] ||
        !read_range(r.text, entries[static_cast<std::size_t>(bar)])) {
      h.warn(r.node, message_code::pts_html_chart_not_read,
             "chart " + name + ": " + quoted(r.text) +
                 " is no 'Min: X / Avg: Y / Max: Z' of a bar of its own; the chart is not read");
      return;
    }
    auto& e = entries[static_cast<std::size_t>(bar)];
    e.where = h.ctx.at(h.offset(r.node));
    valued[static_cast<std::size_t>(bar)] = true;
    decimals_max = std::max(decimals_max, static_cast<std::size_t>(decimals(e.value_text)));
  }
  for (auto& se : p.errors) {
    auto bar = bar_of(identifier_rows, se);
    if (bar < 0 || !read_se(se.text, entries[static_cast<std::size_t>(bar)])) {
      h.warn(
          se.node, message_code::pts_html_chart_not_read,
          "chart " + name + ": " + quoted(se.text) + " is no 'SE +/- X, N = Y' of a bar; not kept");
    }
  }
  // PTS names a run that failed in a paragraph after the graph: `<strong>ID:</strong> why`.
  for (auto p2 = heading.h2.next_sibling(); p2 && !is(p2, "h2"); p2 = p2.next_sibling()) {
    auto strong = p2.child("strong");
    if (!is(p2, "p") || !strong) continue;
    auto id = trim(strong.child_value());
    if (id.ends_with(':')) id.remove_suffix(1);
    auto why = trim(strong.next_sibling().value());
    auto it =
        std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.label == id; });
    if (it == entries.end() || valued[static_cast<std::size_t>(it - entries.begin())]) {
      h.warn(p2, message_code::html_errors_unmatched,
             "chart " + name + ": the failed run of " + quoted(id) +
                 " names no bar without a value; not read");
      continue;
    }
    it->kind = entry_kind::failed;
    it->error = std::string(why);
    valued[static_cast<std::size_t>(it - entries.begin())] = true;
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!valued[i]) {
      h.warn(p.identifiers[i].node, message_code::pts_html_value_not_printed,
             "chart " + name + ": bar " + quoted(entries[i].label) +
                 " has no value printed (PTS prints none for a value of 0 or below); the bar "
                 "is not read");
      continue;
    }
    h.ctx.add_entry(chart, std::move(entries[i]));
  }
  file.results.push_back(std::move(chart));
}

}  // namespace

bool sniff_pts_html(std::string_view text) { return is_pts_html_export(text); }

void read_pts_html(reader_context& ctx, const read_options& options) {
  html_context h{ctx};
  pugi::xml_document doc;
  // The text is copied: node offsets then point into `text`, for positions.
  auto parsed =
      doc.load_buffer(ctx.text.data(), ctx.text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    auto at = static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0));
    if (at + 1 >= ctx.text.size()) {
      ctx.fail(at, "the page ends inside its markup (" + std::string(parsed.description()) +
                       "); expected PTS's HTML export whole, up to </html> (is it cut short?)");
    }
    ctx.fail(at, std::string(parsed.description()) +
                     "; expected PTS's HTML export as PTS writes it (well-formed markup; a title "
                     "or description holding '<' breaks it)");
  }
  struct depth_walker : pugi::xml_tree_walker {
    std::size_t limit;
    pugi::xml_node too_deep;
    bool for_each(pugi::xml_node& node) override {
      if (node.type() != pugi::node_element || static_cast<std::size_t>(depth()) < limit) {
        return true;
      }
      too_deep = node;
      return false;
    }
  } walker;
  walker.limit = options.max_xml_depth;
  if (!doc.traverse(walker)) {
    throw parse_error(ctx.name, ctx.at(h.offset(walker.too_deep)),
                      "elements nested more than " + std::to_string(options.max_xml_depth) +
                          " deep; expected PTS's HTML export (8 levels; raise the 'xml-depth' "
                          "limit)",
                      error_kind::limit);
  }
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
