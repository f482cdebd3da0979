// SPDX-License-Identifier: MIT
// The comparison for a terminal: per test the ranked entries with values, bars and deltas, then
// the summary. Fits options.width; ANSI colours only when options.color says so.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/counted.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/comparison/test_families.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/text_layout.hpp"

namespace iosr::detail {

namespace {

// What a terminal cell shows for an unknown figure.
std::string_view or_dash(std::string_view s) { return s.empty() ? "-" : s; }

class painter {
 public:
  explicit painter(bool on) : on_(on) {}
  std::string bold(std::string_view s) const { return wrap("\x1b[1m", s); }
  std::string by_verdict(int v, std::string_view s) const {
    if (v > 0) return wrap("\x1b[32m", s);
    if (v < 0) return wrap("\x1b[31m", s);
    return std::string(s);
  }

 private:
  std::string wrap(std::string_view code, std::string_view s) const {
    return on_ ? fmt::format("{}{}\x1b[0m", code, s) : std::string(s);
  }
  bool on_;
};

struct layout {
  std::size_t label = 0;
  std::size_t value = 0;
  std::size_t delta = 8;     // `-100.0%`, `+1234.5%`, or wider when a delta of the test is
  std::size_t ratio = 7;     // `  0.288`: two blanks after the delta, more for a wider ratio
  std::size_t bar = 0;       // 0: no room for bars
  std::size_t interval = 0;  // 0: no entry of the test has a delta interval
  bool interval_below = false;  // the interval and mark on a line of their own, under the entry
  bool marks = false;           // some entry shows a mark
  std::size_t why = 0;          // the longest reason a row gives for a missing figure
};

// The longest reason a row gives for a missing delta (`failed: ` and an input's error text).
constexpr std::size_t why_width = 60;
constexpr std::size_t mark_width = 3;  // `n<3`, `n/a`, `~`
constexpr std::size_t min_bar = 5;

bool any_noise_known(const compared_test& test) {
  return std::any_of(test.entries.begin(), test.entries.end(),
                     [](const auto& e) { return e.noise != noise::unknown; });
}

// The columns of a test's lines within the width. Values, deltas, ratios and intervals are never
// cut; what gives way, in this order: the labels shrink from a third of the width to 12, the
// bars go, the interval and mark go under their entry, the labels shrink further (fitted_names
// keeps them apart).
layout fit(const comparison& c, const compared_test& test, std::size_t total) {
  layout l;
  std::size_t longest = 0;
  for (const auto& e : test.entries) {
    longest = std::max(longest, columns_of(shown_label(c, e.configuration)));
    l.value = std::max(l.value, columns_of(e.value_text));
    l.interval = std::max(l.interval, columns_of(delta_interval_text(e)));
    const bool base = is_baseline(c, e.configuration) && e.delta_pct;
    l.delta = std::max(l.delta, base ? baseline_word.size() : delta_text(e.delta_pct).size() + 1);
    l.ratio = std::max(l.ratio, base ? 0 : ratio_text(e.ratio).size() + 2);
    const auto why = missing_text(e);
    l.why = std::max(l.why, std::min(why_width, columns_of(why.substr(0, why.find_first_of("\r\n")))));
  }
  l.interval = l.interval > 0 ? std::max(l.interval, mark_width) : 0;
  l.marks = any_noise_known(test);
  // rank, label, value, delta and ratio, interval and mark, with two blanks between them
  auto fixed = [&](std::size_t label) {
    // After the bar: the figures, or a delta and a row's reason for a missing figure, whichever
    // is wider.
    const std::size_t figures = l.delta + l.ratio +
                                (l.interval > 0 && !l.interval_below ? 2 + l.interval : 0) +
                                (l.marks && !l.interval_below ? 2 + mark_width : 0);
    return 3 + 2 + label + 2 + l.value + 2 +
           std::max(figures, l.why > 0 ? l.delta + 2 + l.why : 0);
  };
  const std::size_t wanted = std::min(longest, std::max<std::size_t>(12, total / 3));
  // A reason gives way before the labels and the bars: it is cut (it reads from its start) to
  // what they leave, but keeps at least 20 columns.
  if (l.why > 0) {
    const std::size_t others = 3 + 2 + wanted + 2 + l.value + 2 + min_bar + 2 + l.delta + 2;
    l.why = std::min(l.why, std::max<std::size_t>(20, total > others ? total - others : 0));
  }
  // The widest label that leaves `room` columns, within [least, wanted].
  auto label_leaving = [&](std::size_t room, std::size_t least) {
    const std::size_t others = fixed(0) + room;
    return std::min(wanted, std::max(std::min(least, wanted), total > others ? total - others : 0));
  };
  l.label = label_leaving(2 + min_bar, 12);
  if (fixed(l.label) > total && (l.interval > 0 || l.marks)) {
    l.interval_below = true;
    l.label = label_leaving(2 + min_bar, 12);
  }
  if (fixed(l.label) > total) l.label = label_leaving(0, 4);
  l.bar = fixed(l.label) + 2 + min_bar <= total ? total - fixed(l.label) - 2 : 0;
  return l;
}

// The labels of a test's entries as the lines each takes, kept apart within each group.
std::vector<std::vector<std::string>> entry_labels(const comparison& c, const compared_test& test,
                                                   std::size_t width) {
  std::vector<std::vector<std::string>> out;
  std::size_t from = 0;
  while (from < test.entries.size()) {
    const auto group = c.configurations[test.entries[from].configuration].compare_group;
    std::vector<std::string> names;
    std::size_t to = from;
    for (; to < test.entries.size() &&
           c.configurations[test.entries[to].configuration].compare_group == group;
         ++to) {
      names.emplace_back(shown_label(c, test.entries[to].configuration));
    }
    for (auto& lines : fitted_names(names, width)) out.push_back(std::move(lines));
    from = to;
  }
  return out;
}

void render_test(const comparison& c, const compared_test& test, std::size_t total,
                 const painter& paint, std::string& out) {
  const layout l = fit(c, test, total);
  for (const auto& line : wrapped(test_heading(test), total)) out += paint.bold(line) + '\n';
  std::string about = unit_about(test.unit, test.direction);
  if (l.interval > 0) {
    about += std::string(about.empty() ? "" : "; ") + "[" + delta_level_text(c) + " interval]";
  }
  if (!l.marks) about += std::string(about.empty() ? "" : "; ") + "noise n/a";
  if (!about.empty()) {
    for (const auto& line : wrapped(about, total - 2)) out += "  " + line + '\n';
  }

  double largest = 0;
  for (const auto& e : test.entries) {
    if (e.value && e.kind != entry_kind::pass_fail) largest = std::max(largest, *e.value);
  }
  const auto labels = entry_labels(c, test, l.label);
  std::size_t group = c.compare_groups.size();  // none yet
  for (std::size_t k = 0; k < test.entries.size(); ++k) {
    const auto& e = test.entries[k];
    const auto& conf = c.configurations[e.configuration];
    if (c.compare_groups.size() > 1 && conf.compare_group != group) {
      group = conf.compare_group;
      for (const auto& line : wrapped("[" + c.compare_groups[group].name + "]", total - 2)) {
        out += "  " + line + '\n';
      }
    }
    std::size_t bar = 0;
    if (e.value && *e.value > 0 && largest > 0 && e.kind != entry_kind::pass_fail) {
      bar = static_cast<std::size_t>(*e.value / largest * static_cast<double>(l.bar) + 0.5);
    }
    const bool base = is_baseline(c, e.configuration) && e.delta_pct;
    std::string label = pad_right(labels[k].front(), l.label);
    if (shown_best(c, test, e)) label = paint.bold(label);
    const std::string delta = base ? std::string(baseline_word) : delta_text(e.delta_pct);
    const std::string ratio = base ? "" : ratio_text(e.ratio);
    std::string line = fmt::format("{:>3}  {}  {}  ", e.rank > 0 ? std::to_string(e.rank) : "-",
                                   label, pad_left(e.value_text, l.value));
    if (l.bar > 0) line += pad_right(std::string(bar, '#'), l.bar) + "  ";
    line += paint.by_verdict(verdict(e), pad_left(delta, l.delta) + pad_left(ratio, l.ratio));
    // `~` within the noise, `n<3` too few runs, `n/a` unknown; a significant delta needs none.
    // A row without a delta says why instead (missing_text below): no `n/a` before its reason.
    const bool has_reason = !e.delta_pct && !missing_text(e).empty();
    std::string mark;
    if (l.marks && !base && !has_reason && e.noise != noise::significant) {
      mark = to_string(e.noise);
    }
    std::string interval = base ? "" : delta_interval_text(e);
    // An entry without an interval in a test with some: its `n/a` stands in the column.
    if (l.interval > 0 && interval.empty() && e.noise == noise::unknown) std::swap(interval, mark);
    std::string after;
    if (l.interval > 0) after += pad_right(interval, l.interval);
    if (!mark.empty()) after += (after.empty() ? "" : "  ") + mark;
    while (!after.empty() && after.back() == ' ') after.pop_back();
    if (!l.interval_below && !after.empty()) line += "  " + after;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (const auto why = missing_text(e); !why.empty()) {
      // After what the row shows (a failed row's empty columns fold away), within the width.
      const auto used = columns_of(line) + 2;
      const auto fits = total > used + 20 ? total - used : std::size_t{20};
      line += "  " + truncated(why.substr(0, why.find_first_of("\r\n")), std::min(fits, why_width));
    }
    out += line + '\n';
    // A wrapped label's further lines, then (when it had no room beside) the interval.
    for (std::size_t n = 1; n < labels[k].size(); ++n) out += "     " + labels[k][n] + '\n';
    if (l.interval_below && !after.empty()) out += "     " + after + '\n';
  }
  out += '\n';
}

// A test's row name in the table view: what its family's heading does not say already.
std::string row_name(const compared_test& test, const test_family& family, std::size_t k) {
  std::string name = family.rest[k];
  const std::string unit = test.unit + std::string(direction_arrow(test.direction));
  if (!family.one_unit && !unit.empty()) name += (name.empty() ? "" : " ") + ("(" + unit + ")");
  return name.empty() ? "-" : name;
}

// Tests as rows, configurations as columns: the article view for the terminal. Tests come by
// family as in Markdown, so that a row names only what its family's heading does not.
bool render_compare_group_table(const comparison& c, const table_index& index,
                                const std::vector<test_family>& families, std::size_t group,
                                const comparison_render_options& options, std::size_t total,
                                std::string& out) {
  const auto confs = shown_columns(c, index, group, options.columns);
  if (confs.empty()) return false;
  text_table table;
  table.row_indent = "  ";  // rows under their family's heading
  table.header.push_back("test");
  table.left.push_back(true);
  // A label is cut only when it would not fit beside the narrowest test names.
  const std::size_t widest_label = total - std::min(total, table.min_name + 2);
  for (auto i : confs) {
    table.header.push_back(elided(label_in_compare_group(c, i), widest_label));
    table.left.push_back(false);
  }
  bool best = false;
  for (const auto& family : families) {
    std::vector<text_table::row> rows;
    for (std::size_t k = 0; k < family.tests.size(); ++k) {
      const auto t = family.tests[k];
      text_table::row row;
      row.cells.push_back(row_name(c.tests[t], family, k));
      bool any = false;
      for (auto i : confs) {
        std::string cell = "-";
        if (const auto* e = index.entry(t, i)) {
          cell = e->value_text;
          // As in Markdown: the delta with its interval and noise mark, so that the legend
          // below explains what the cells show.
          if (!is_baseline(c, i) && e->delta_pct) {
            cell += " (" + delta_text(e->delta_pct);
            if (const auto in = delta_interval_text(*e); !in.empty()) cell += ' ' + in;
            if (const auto mark = noise_mark(*e); !mark.empty()) (cell += ' ') += mark;
            cell += ")";
          }
          if (const auto why = missing_text(*e); !why.empty()) {
            // Cut to what a column beside the narrowest test names has: a figure is never cut,
            // so a long reason would push the table past the width.
            const auto used = columns_of(cell) + 3;
            const auto room = widest_label > used + 10 ? widest_label - used : std::size_t{10};
            cell += " (" +
                    truncated(why.substr(0, why.find_first_of("\r\n")), std::min(room, why_width)) +
                    ")";
          }
          const bool shown = shown_best(c, c.tests[t], *e);
          if (shown) cell = "*" + cell;
          best = best || shown;
          any = true;
        }
        row.cells.push_back(std::move(cell));
      }
      if (any) rows.push_back(std::move(row));
    }
    if (rows.empty()) continue;
    std::string heading = family.heading;
    if (!family.shared.empty()) heading += ": " + family.shared;
    if (family.one_unit) {
      const auto unit = unit_about(family.unit, family.direction);
      if (!unit.empty()) heading += " (" + unit + ")";
    }
    table.rows.push_back({heading, {}, {}});
    for (auto& row : rows) table.rows.push_back(std::move(row));
  }
  // A heading only among several groups: one group's name says nothing (`all`, as in Markdown).
  if (c.compare_groups.size() > 1) {
    for (const auto& line : wrapped(c.compare_groups[group].name, total)) out += line + '\n';
  }
  render_text_table(table, total, out);
  out += '\n';
  return best;
}

void render_summary(const comparison& c, std::size_t total, std::string& out) {
  for (const auto& line : wrapped("Summary: geometric mean of the performance ratios vs the "
                                  "baseline (> 1 = better)",
                                  total)) {
    out += line + '\n';
  }
  // The intervals, when there are any, and how many tests had runs on both sides of each.
  const bool intervals = any_geomean_interval(c);
  text_table table;
  table.indent = "  ";
  table.min_name = 13;
  table.header = {"configuration", "ratio", "over", "first", "last", "mean rank"};
  table.left = {true, false, false, false, false, false};
  if (intervals) {
    table.header.push_back(level_text(c) + " interval");
    table.left.push_back(false);
  }
  for (const auto& row : summary_rows(c)) {
    if (c.compare_groups.size() > 1 && row.starts_compare_group) {
      const auto group = c.configurations[row.configuration].compare_group;
      table.rows.push_back({"[" + c.compare_groups[group].name + "]", {}, {}});
    }
    const auto& cells = row.cells;
    text_table::row line;
    line.cells = {std::string(shown_label(c, row.configuration)),
                  std::string(or_dash(cells[ratio_cell])),
                  cells[tests_cell],
                  cells[first_cell],
                  cells[last_cell],
                  std::string(or_dash(cells[rank_cell]))};
    const auto& conf = c.configurations[row.configuration];
    if (intervals && conf.geomean_ci_low) {
      line.cells.push_back(
          fmt::format("{} ({})", geomean_interval_text(conf), conf.geomean_ci_tests));
    }
    table.rows.push_back(std::move(line));
  }
  render_text_table(table, total, out);
  if (const auto line = detectable_line(c); !line.empty()) {
    out += '\n';
    for (const auto& part : wrapped(line, total)) out += part + '\n';
  }
}

// Every mark the output shows, explained once at its end, and only those it shows.
void render_legend(const comparison& c, bool best, std::size_t total, std::string& out) {
  std::vector<std::string> lines;
  if (best) lines.emplace_back("* marks the best value in the group.");
  for (auto& line : statistics_legend(c)) lines.push_back(std::move(line));
  const bool unknown =
      c.statistics.p_values > 0 && std::any_of(c.tests.begin(), c.tests.end(), [&](const auto& t) {
        return any_noise_known(t) &&
               std::any_of(t.entries.begin(), t.entries.end(), [&](const auto& e) {
                 return e.noise == noise::unknown &&
                        !(is_baseline(c, e.configuration) && e.delta_pct);
               });
      });
  if (unknown) {
    lines.emplace_back(
        "n/a marks a delta without runs or a standard error on a side: it has no "
        "p-value and is not called significant or noise.");
  }
  out += '\n';
  for (const auto& line : lines) {
    for (const auto& part : wrapped(line, total)) out += part + '\n';
  }
}

void render_notes(const comparison& c, std::size_t total, std::string& out) {
  if (const auto unmatched = unmatched_rows(c); !unmatched.empty()) {
    out += "\nNot in every input:\n";
    for (const auto& row : unmatched) {
      const auto line = row.heading + " (" + c.tests[row.test].unit + "): only in " + row.only_in;
      for (const auto& part : wrapped(line, total - 2)) out += "  " + part + '\n';
    }
  }
  const auto lines = comparison_notes(c);
  if (!lines.empty()) {
    out += "\nNotes:\n";
    for (const auto& line : lines) {
      for (const auto& part : wrapped(line, total - 2)) out += "  " + part + '\n';
    }
  }
}

}  // namespace

void render_ascii_comparison(const comparison& c, const comparison_render_options& options,
                             std::string& out) {
  const painter paint(options.color);
  const std::size_t total = usable_width(options.width);
  bool best = false;
  if (options.table_view) {
    const table_index index(c);
    const auto families = test_families(c);
    for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
      best = render_compare_group_table(c, index, families, g, options, total, out) || best;
    }
  } else {
    for (const auto& test : c.tests) render_test(c, test, total, paint, out);
  }
  render_summary(c, total, out);
  render_legend(c, best, total, out);
  render_notes(c, total, out);
}

}  // namespace iosr::detail
