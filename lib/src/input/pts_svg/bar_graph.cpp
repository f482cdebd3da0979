// SPDX-License-Identifier: MIT
// PTS's bar graphs (bar_graph.hpp). Its texts are told apart by where they stand and what they
// say, not by their colours, which a user's graph-config.json may change, nor by their groups,
// which PTS 5.x does not write: the heading at the top left, the unit line `UNIT, More Is
// Better`, the axis' numbers in one row under the bars, and between them each bar's
// identifier (the column of right-aligned texts furthest left), its value (on or after the
// bar), its `SE +/- X, N = Y` line and its `MIN: / MAX:` note.
#include "input/pts_svg/bar_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <unordered_set>

#include "input/pts_svg/svg_texts.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct graph_parts {
  const svg_text* title = nullptr;  // `FFTW 3.3.6`
  std::vector<const svg_text*> subtitles;
  const svg_text* unit = nullptr;  // `Mflops, More Is Better`
  std::vector<svg_text> identifiers, values, errors;  // errors: `SE +/- 0.10, N = 3`
  std::vector<svg_text> groups, legend;  // a multi-way comparison's rotated labels and key
  std::vector<svg_text> ranges;          // a box plot's `Min: 56.5 / Avg: 56.88 / Max: 61.11`
  std::vector<svg_text> notes;           // `MIN: 12.1 / MAX: 14.2` on a bar (PTS 10)
  std::string unread;                    // why the graph is of a kind not read, or empty
};

bool is_rotated(const svg_text& t) { return t.transform.find("rotate") != std::string_view::npos; }

bool is_unit_line(std::string_view text) {
  text = trim(text);
  return text.ends_with("More Is Better") || text.ends_with("Less Is Better") ||
         text.ends_with("Fewer Is Better");
}

graph_parts parts_of(const std::vector<svg_text>& texts) {
  graph_parts p;
  // The heading: the topmost left-aligned text is the title, the lines under it at its left
  // edge the options; the unit line closes the heading.
  for (const auto& t : texts) {
    if (t.anchor == "start" && !is_rotated(t) && (p.title == nullptr || t.y < p.title->y)) {
      p.title = &t;
    }
    if (p.unit == nullptr && is_unit_line(t.text)) p.unit = &t;
  }
  // A result without a direction has a unit line without `... Is Better` (`Widgets`): PTS draws
  // it at the left of the row where it writes its name at the right, in the same style (a
  // graph's other `Phoronix Test Suite`, a watermark inside the plot, has no text beside it).
  for (const auto& mark : texts) {
    if (p.unit != nullptr) break;
    if (mark.anchor != "end" || trim(mark.text) != "Phoronix Test Suite") continue;
    for (const auto& t : texts) {
      if (&t != p.title && t.anchor == "start" && !is_rotated(t) &&
          std::fabs(t.y - mark.y) < 1 && t.x < mark.x && t.fill == mark.fill &&
          t.weight == mark.weight && t.font_size == mark.font_size && !trim(t.text).empty()) {
        p.unit = &t;
        break;
      }
    }
  }
  if (p.title == nullptr) {
    p.unread = "not a bar graph (no heading)";
    return p;
  }
  if (p.unit == nullptr) {
    // PTS writes a unit line over every bar graph; a pass/fail graph has none, and its legend
    // would otherwise be taken for values.
    p.unread = "not a bar graph (no unit line: a pass/fail graph?)";
    return p;
  }
  const double top =
      p.unit != nullptr ? p.unit->y : p.title->y + 40;  // PTS's heading is 48 pixels high
  for (const auto& t : texts) {
    if (&t != p.title && &t != p.unit && t.anchor == "start" && std::fabs(t.x - p.title->x) < 1 &&
        t.y > p.title->y && t.y < top) {
      p.subtitles.push_back(&t);
    }
  }
  // The axis: its marks centred in one row under the bars (`30000`, or `30K` from PTS 10.8).
  std::map<double, int> axis_rows;
  for (const auto& t : texts) {
    if (t.anchor == "middle" && !is_rotated(t) && t.y > top) ++axis_rows[t.y];
  }
  double bottom = std::numeric_limits<double>::infinity();
  for (auto [y, count] : axis_rows) {
    if (count >= 2) bottom = y;
  }
  std::vector<svg_text> rest;
  for (const auto& t : texts) {
    if (&t == p.title || &t == p.unit ||
        std::find(p.subtitles.begin(), p.subtitles.end(), &t) != p.subtitles.end()) {
      continue;
    }
    if (t.y <= top) {
      // Above the unit line: a multi-way comparison's legend, beside PTS's own name.
      if (t.anchor == "start" && t.y > p.title->y && t.x > p.title->x + 1) p.legend.push_back(t);
      continue;
    }
    if (t.y >= bottom) continue;  // the axis, and the notes and PTS's name under it
    if (t.text.starts_with("SE +/- ")) {
      p.errors.push_back(t);
    } else if (t.text.starts_with("Min: ")) {
      p.ranges.push_back(t);
    } else if (t.text.starts_with("MIN: ") || t.text.starts_with("MAX: ")) {
      p.notes.push_back(t);
    } else if (is_rotated(t)) {
      p.groups.push_back(t);
    } else {
      rest.push_back(t);
    }
  }
  if (!p.groups.empty()) {
    p.values = std::move(rest);
    if (p.legend.empty()) p.unread = "not a bar graph (rotated labels without a legend)";
    return p;
  }
  // The identifiers: the right-aligned texts furthest left, left of every bar.
  double id_x = std::numeric_limits<double>::infinity();
  for (const auto& t : rest) {
    if (t.anchor == "end") id_x = std::min(id_x, t.x);
  }
  for (auto& t : rest) {
    (t.anchor == "end" && std::fabs(t.x - id_x) < 0.5 ? p.identifiers : p.values).push_back(t);
  }
  if (p.identifiers.empty()) p.unread = "not a bar graph (no identifiers beside bars)";
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

// PTS's note on a bar (8.x on), `MIN: 12.1 / MAX: 14.2`, `MIN: 12.1` or `MAX: 14.2`: the
// runs' minimum and maximum; false when it is not that.
bool read_note(std::string_view text, entry& e) {
  std::optional<double> min, max;
  if (text.starts_with("MIN: ")) {
    text.remove_prefix(5);
    auto cut = text.find(" / ");
    min = parse_number(trim(text.substr(0, cut)));
    if (!min) return false;
    text = cut == std::string_view::npos ? std::string_view() : text.substr(cut + 3);
  }
  if (text.starts_with("MAX: ")) {
    max = parse_number(trim(text.substr(5)));
    if (!max) return false;
  } else if (!trim(text).empty() || !min) {
    return false;
  }
  if (min) e.min = min;
  if (max) e.max = max;
  return true;
}

// `SE +/- 0.10, N = 3` (PTS 9.6 on) or `SE +/- 0.10` into the entry's standard error and N;
// false when it is not that.
bool read_se(std::string_view text, entry& e) {
  text.remove_prefix(std::string_view("SE +/- ").size());
  auto comma = text.find(", N = ");
  auto se = parse_number(trim(text.substr(0, comma)));
  if (!se) return false;
  if (comma != std::string_view::npos) {
    auto n = parse_number(text.substr(comma + 6));
    if (!n || *n < 1 || *n != std::floor(*n)) return false;
    e.sample_count = static_cast<std::size_t>(*n);
  }
  e.standard_error = *se;
  return true;
}

// A multi-way comparison: bars grouped under rotated labels (a label of several lines is
// `A - B`, its first part rightmost), in each group one bar per legend item, top to bottom.
// Each bar's system is `LEGEND: GROUP` (PTS's own order) or `GROUP: LEGEND`, whichever names
// systems known from elsewhere (the HTML export's systems table). p.identifiers becomes one
// per bar, at its value's height; false when the bars cannot be told apart so (why in `why`).
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
  std::sort(p.legend.begin(), p.legend.end(), [](auto& a, auto& b) { return a.x < b.x; });
  std::unordered_set<std::string_view> labels;
  for (const auto& s : systems) labels.insert(s.label);
  auto known = [&](const std::string& label) { return systems.empty() || labels.contains(label); };
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
        svg_text bar = *in_group[k];
        bar.text = label;
        named.push_back(std::move(bar));
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

}  // namespace

bool version_after_title(std::string_view heading, std::string_view title, bool v_prefixed,
                         std::string& version) {
  heading = trim(heading);
  title = trim(title);
  if (!heading.starts_with(title)) return false;
  auto rest = heading.substr(title.size());
  if (!rest.empty() && rest.front() != ' ') return false;
  rest = trim(rest);
  // PTS before 10.0: `'v' . VERSION` when VERSION is 3 characters or more and starts with a
  // digit (pts_graph_core).
  if (v_prefixed && rest.size() >= 4 && rest.front() == 'v' && is_digit(rest[1])) {
    rest.remove_prefix(1);
  }
  version = std::string(rest);
  return true;
}

bool read_bar_graph(const svg_context& h, const pugi::xml_node& svg, std::string_view name,
                    const std::vector<system>& systems, bar_graph& out) {
  const auto texts = all_texts(svg);
  auto p = parts_of(texts);
  const auto chart = std::string(name);
  if (!p.unread.empty()) {
    h.warn(svg, message_code::pts_html_chart_not_read,
           "chart " + chart + " is " + p.unread + "; not read");
    return false;
  }
  out.multi_way = !p.groups.empty();
  if (out.multi_way) {
    std::string why;
    if (!label_multi_way(p, systems, why)) {
      h.warn(svg, message_code::pts_html_chart_not_read,
             "chart " + chart + " is a multi-way comparison whose bars cannot be told apart: " +
                 why + "; not read");
      return false;
    }
  }
  out.heading = std::string(trim(p.title->text));
  for (const auto* s : p.subtitles) out.subtitles.emplace_back(trim(s->text));
  if (p.unit != nullptr) {
    auto unit = trim(p.unit->text);
    for (auto [mark, dir] : {std::pair{std::string_view("More Is Better"), direction::higher},
                             std::pair{std::string_view("Less Is Better"), direction::lower},
                             std::pair{std::string_view("Fewer Is Better"), direction::lower}}) {
      if (unit.ends_with(mark)) {
        out.dir = dir;
        unit.remove_suffix(mark.size());
        if (unit.ends_with(", ")) unit.remove_suffix(2);
        unit = trim(unit);
      }
    }
    out.unit = std::string(unit);
  }
  by_height identifier_rows(p.identifiers);
  std::vector<entry> entries(p.identifiers.size());
  std::vector<bool> valued(entries.size(), false);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    entries[i].label = std::string(trim(p.identifiers[i].text));
    entries[i].where = h.where(p.identifiers[i].node);
  }
  for (auto& v : p.values) {
    auto bar = bar_of(identifier_rows, v);
    auto number = parse_number(trim(v.text));
    if (bar < 0 || valued[static_cast<std::size_t>(bar)] || !number) {
      h.warn(v.node, message_code::pts_html_chart_not_read,
             "chart " + chart + ": value " + quoted(v.text) +
                 (number ? " stands beside no bar of its own" : " is not a number") +
                 "; the chart is not read");
      return false;
    }
    auto& e = entries[static_cast<std::size_t>(bar)];
    e.value_text = std::string(trim(v.text));
    e.value = number;
    e.where = h.where(v.node);
    valued[static_cast<std::size_t>(bar)] = true;
    out.decimals_max = std::max(out.decimals_max, static_cast<std::size_t>(decimals(e.value_text)));
  }
  // A box plot prints no value on a bar: its average is in the `Min: / Avg: / Max:` line.
  for (auto& r : p.ranges) {
    auto bar = bar_of(identifier_rows, r);
    if (bar < 0 || valued[static_cast<std::size_t>(bar)] ||
        !read_range(r.text, entries[static_cast<std::size_t>(bar)])) {
      h.warn(r.node, message_code::pts_html_chart_not_read,
             "chart " + chart + ": " + quoted(r.text) +
                 " is no 'Min: X / Avg: Y / Max: Z' of a bar of its own; the chart is not read");
      return false;
    }
    auto& e = entries[static_cast<std::size_t>(bar)];
    e.where = h.where(r.node);
    valued[static_cast<std::size_t>(bar)] = true;
    out.decimals_max = std::max(out.decimals_max, static_cast<std::size_t>(decimals(e.value_text)));
  }
  for (auto& se : p.errors) {
    auto bar = bar_of(identifier_rows, se);
    if (bar < 0 || !read_se(se.text, entries[static_cast<std::size_t>(bar)])) {
      h.warn(se.node, message_code::pts_html_chart_not_read,
             "chart " + chart + ": " + quoted(se.text) +
                 " is no 'SE +/- X, N = Y' of a bar; not kept");
    }
  }
  for (auto& note : p.notes) {
    // The note stands at the top of its bar, above the identifier beside the bar's middle.
    auto bar = identifier_rows.nearest(note.y, std::numeric_limits<double>::infinity());
    if (bar < 0 || !read_note(note.text, entries[static_cast<std::size_t>(bar)])) {
      h.warn(note.node, message_code::pts_html_chart_not_read,
             "chart " + chart + ": " + quoted(note.text) +
                 " is no 'MIN: X / MAX: Y' of a bar; not kept");
    }
  }
  out.entries = std::move(entries);
  out.valued = std::move(valued);
  for (const auto& id : p.identifiers) out.nodes.push_back(id.node);
  return true;
}

void add_bars(const svg_context& h, std::string_view name, bar_graph& graph, result& chart) {
  for (std::size_t i = 0; i < graph.entries.size(); ++i) {
    if (!graph.valued[i]) {
      h.warn(graph.nodes[i], message_code::pts_html_value_not_printed,
             "chart " + std::string(name) + ": bar " + quoted(graph.entries[i].label) +
                 " has no value printed (PTS prints none for a value of 0 or below); the bar "
                 "is not read");
      continue;
    }
    h.add_entry(chart, std::move(graph.entries[i]));
  }
}

}  // namespace iosr::detail
