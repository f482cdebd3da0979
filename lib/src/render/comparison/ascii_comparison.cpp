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
#include "render/comparison/uncertainty_cells.hpp"

namespace iosr::detail {

namespace {

// Columns are counted in characters: UTF-8 continuation bytes take no column.
std::size_t columns_of(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

std::string truncated(std::string_view s, std::size_t width) {
  if (columns_of(s) <= width) return std::string(s);
  std::string out;
  std::size_t used = 0;
  for (char ch : s) {
    const bool starts_char = (ch & 0xC0) != 0x80;
    if (starts_char && ++used > width - 1) break;
    out.push_back(ch);
  }
  return out + "…";
}

std::string pad_right(std::string_view s, std::size_t width) {
  return std::string(s) + std::string(width - std::min(width, columns_of(s)), ' ');
}

std::string pad_left(std::string_view s, std::size_t width) {
  return std::string(width - std::min(width, columns_of(s)), ' ') + std::string(s);
}

// What a terminal cell shows for an unknown figure.
std::string_view or_dash(std::string_view s) { return s.empty() ? "-" : s; }

// Long headings break at blanks; continuation lines are indented by two.
std::vector<std::string> wrapped(std::string_view text, std::size_t width) {
  std::vector<std::string> lines(1);
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const auto word = text.substr(start, end - start);
    auto& line = lines.back();
    if (!line.empty() && line != "  " && columns_of(line) + 1 + columns_of(word) > width) {
      lines.push_back("  ");
    }
    auto& current = lines.back();
    if (!current.empty() && current != "  ") current += ' ';
    current += word;
    start = end + 1;
  }
  return lines;
}

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
  std::size_t bar = 0;
  std::size_t interval = 0;  // 0: no entry of the test has a delta interval
  // The widest delta and ratio of the test (figure_text() bounds both), so that two blanks
  // always part them: `+1155.4%  12.554`.
  std::size_t delta = 7;  // `-100.0%`
  std::size_t ratio = 5;  // `0.288`
  std::size_t why = 0;    // the longest reason a row gives for a missing figure, up to why_width
};
// The longest reason a row gives for a missing delta (`failed: ` and an input's error text).
constexpr std::size_t why_width = 60;
// The summary's ratio column also holds the baseline's word, which a per-test line shows in its
// delta column.
constexpr std::size_t summary_ratio_width = baseline_word.size();

layout fit(const comparison& c, const compared_test& test, int width) {
  layout l;
  for (const auto& e : test.entries) {
    l.label = std::max(l.label, columns_of(shown_label(c, e.configuration)));
    l.value = std::max(l.value, columns_of(e.value_text));
    l.interval = std::max(l.interval, columns_of(delta_interval_text(e)));
    const bool base = is_baseline(c, e.configuration) && e.delta_pct;
    l.delta = std::max(l.delta, base ? baseline_word.size() : delta_text(e.delta_pct).size());
    l.ratio = std::max(l.ratio, base ? 0 : ratio_text(e.ratio).size());
    const auto why = missing_text(e);
    l.why = std::max(l.why, std::min(why_width, columns_of(why.substr(0, why.find_first_of("\r\n")))));
  }
  const std::size_t total = static_cast<std::size_t>(std::max(width, 40));
  l.label = std::min(l.label, std::max<std::size_t>(12, total / 3));
  // rank, label, value, bar, delta, ratio and noise, with two blanks between them
  // After the bar: the figures, or a delta and a row's reason for a missing figure, whichever
  // is wider.
  const std::size_t figures = 2 + l.delta + 2 + l.ratio + 4 + (l.interval > 0 ? 2 + l.interval : 0);
  const std::size_t fixed =
      3 + 2 + l.label + 2 + l.value + 2 + std::max(figures, 2 + l.delta + 2 + l.why);
  l.bar = total > fixed + 5 ? total - fixed : 5;
  return l;
}

bool any_noise_known(const compared_test& test) {
  return std::any_of(test.entries.begin(), test.entries.end(),
                     [](const auto& e) { return e.noise != noise::unknown; });
}

void render_test(const comparison& c, const compared_test& test, const layout& l, int width,
                 const painter& paint, std::string& out) {
  const bool show_noise = any_noise_known(test);
  for (const auto& line :
       wrapped(test_heading(test), static_cast<std::size_t>(std::max(width, 40)))) {
    out += paint.bold(line) + '\n';
  }
  std::string about = unit_about(test.unit, test.direction);
  if (l.interval > 0) {
    about += std::string(about.empty() ? "" : "; ") + "[" + delta_level_text(c) + " interval]";
  }
  about +=
      std::string(about.empty() ? "" : "; ") + (show_noise ? "~ = within the noise" : "noise n/a");
  out += "  " + about + '\n';

  double largest = 0;
  for (const auto& e : test.entries) {
    if (e.value && e.kind != entry_kind::pass_fail) largest = std::max(largest, *e.value);
  }
  std::size_t group = c.compare_groups.size();  // none yet
  for (const auto& e : test.entries) {
    const auto& conf = c.configurations[e.configuration];
    if (c.compare_groups.size() > 1 && conf.compare_group != group) {
      group = conf.compare_group;
      out += "  [" + c.compare_groups[group].name + "]\n";
    }
    std::size_t bar = 0;
    if (e.value && *e.value > 0 && largest > 0 && e.kind != entry_kind::pass_fail) {
      bar = static_cast<std::size_t>(*e.value / largest * static_cast<double>(l.bar) + 0.5);
    }
    const bool base = is_baseline(c, e.configuration) && e.delta_pct;
    std::string label = pad_right(truncated(shown_label(c, e.configuration), l.label), l.label);
    if (e.rank == 1) label = paint.bold(label);
    const std::string delta = base ? std::string(baseline_word) : delta_text(e.delta_pct);
    const std::string ratio = base ? "" : ratio_text(e.ratio);
    std::string line = fmt::format(
        "{:>3}  {}  {}  {}  {}", e.rank > 0 ? std::to_string(e.rank) : "-", label,
        pad_left(e.value_text, l.value), pad_right(std::string(bar, '#'), l.bar),
        paint.by_verdict(verdict(e), pad_left(delta, l.delta) + "  " + pad_left(ratio, l.ratio)));
    // `~` within the noise, `n<3` too few runs, `n/a` unknown; a significant delta needs none.
    std::string mark;
    if (show_noise && !base && e.noise != noise::significant) mark = to_string(e.noise);
    if (l.interval > 0) {
      std::string interval = base ? "" : delta_interval_text(e);
      // An entry without an interval in a test with some: its `n/a` stands in the column.
      if (interval.empty() && e.noise == noise::unknown) std::swap(interval, mark);
      line += "  " + pad_right(interval, l.interval);
    }
    if (!mark.empty()) line += "  " + mark;
    // Why a delta or ratio is missing (a failed run, a baseline of 0), rather than a bare gap;
    // an input's error text to its first line and a width that leaves the row one line.
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (const auto why = missing_text(e); !why.empty()) {
      // After what the row shows (a failed row's empty columns fold away), within the width.
      const auto used = columns_of(line) + 2;
      const auto room = static_cast<std::size_t>(std::max(width, 40));
      const auto fits = room > used + 20 ? room - used : std::size_t{20};
      line += "  " + truncated(why.substr(0, why.find_first_of("\r\n")), std::min(fits, why_width));
    }
    out += line + '\n';
  }
  out += '\n';
}

// Tests as rows, configurations as columns: the article view for the terminal.
void render_compare_group_table(const comparison& c, const table_index& index, std::size_t group,
                        const comparison_render_options& options, std::string& out) {
  const int width = options.width;
  const auto confs = shown_columns(c, index, group, options.columns);
  if (confs.empty()) return;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"test"};
  for (auto i : confs) header.push_back(std::string(label_in_compare_group(c, i)));
  rows.push_back(header);
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& test = c.tests[t];
    std::vector<std::string> row{test_heading(test) + " (" + test.unit +
                                 std::string(direction_arrow(test.direction)) + ")"};
    bool any = false;
    for (auto i : confs) {
      std::string cell = "-";
      if (const auto* e = index.entry(t, i)) {
        cell = e->value_text;
        if (!is_baseline(c, i) && e->delta_pct) cell += " (" + delta_text(e->delta_pct) + ")";
        if (const auto why = missing_text(*e); !why.empty()) {
          cell += " (" + truncated(why.substr(0, why.find_first_of("\r\n")), why_width) + ")";
        }
        if (e->rank == 1) cell = "*" + cell;
        any = true;
      }
      row.push_back(cell);
    }
    if (any) rows.push_back(row);
  }
  std::vector<std::size_t> widths(header.size(), 0);
  for (const auto& r : rows) {
    for (std::size_t k = 0; k < r.size(); ++k) widths[k] = std::max(widths[k], columns_of(r[k]));
  }
  const auto total = static_cast<std::size_t>(std::max(width, 40));
  widths[0] = std::min(widths[0], std::max<std::size_t>(20, total / 3));
  out += c.compare_groups[group].name + '\n';
  // Columns that do not fit beside the test names go to a further block below.
  std::size_t first = 1;
  while (first < widths.size()) {
    std::size_t last = first;
    std::size_t used = widths[0];
    while (last < widths.size() && (last == first || used + 2 + widths[last] <= total)) {
      used += 2 + widths[last++];
    }
    for (const auto& r : rows) {
      std::string line = pad_right(truncated(r[0], widths[0]), widths[0]);
      for (std::size_t k = first; k < last; ++k) {
        line += "  " + pad_left(truncated(r[k], total - widths[0] - 2), widths[k]);
      }
      out += line + '\n';
    }
    out += '\n';
    first = last;
  }
  out += "(* best in the group)\n\n";
}

void render_summary(const comparison& c, int width, std::string& out) {
  const auto room = static_cast<std::size_t>(std::max(width, 40));
  for (const auto& line : wrapped("Summary: geometric mean of the performance ratios vs the "
                                  "baseline (> 1 = better)",
                                  room)) {
    out += line + '\n';
  }
  const auto total = std::to_string(c.tests.size());  // `tests` is `N of TOTAL`, at most this
  std::size_t label_width = 13;
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    label_width = std::max(label_width, columns_of(shown_label(c, i)));
  }
  // The bootstrap intervals, when there are any, and how many tests each resampled.
  std::size_t interval_width = 0;
  for (const auto& conf : c.configurations) {
    interval_width = std::max(interval_width, columns_of(geomean_interval_text(conf)));
  }
  const std::string interval_heading = level_text(c) + " interval";
  if (interval_width > 0) interval_width = std::max(interval_width, interval_heading.size());
  const std::size_t intervals = interval_width > 0 ? 2 + interval_width + 2 + 9 : 0;
  const std::size_t fixed =
      2 + 2 + summary_ratio_width + 2 + (total.size() * 2 + 4) + 2 + 5 + 2 + 4 + 2 + 9 + intervals;
  label_width = std::min(label_width, room > fixed + 13 ? room - fixed : std::size_t{13});
  out += fmt::format("  {}  {:>{}}  {:>{}}  {:>5}  {:>4}  {:>9}",
                     pad_right("configuration", label_width), "ratio", summary_ratio_width, "over",
                     total.size() * 2 + 4, "first", "last", "mean rank");
  if (interval_width > 0) {
    out += fmt::format("  {:>{}}  {:>9}", interval_heading, interval_width, "resampled");
  }
  out += '\n';
  for (const auto& row : summary_rows(c)) {
    if (c.compare_groups.size() > 1 && row.starts_compare_group) {
      out += "  [" + c.compare_groups[c.configurations[row.configuration].compare_group].name + "]\n";
    }
    const auto& cells = row.cells;
    out += fmt::format(
        "  {}  {:>{}}  {:>{}}  {:>5}  {:>4}  {:>9}",
        pad_right(truncated(shown_label(c, row.configuration), label_width), label_width),
        or_dash(cells[ratio_cell]), summary_ratio_width, cells[tests_cell], total.size() * 2 + 4,
        cells[first_cell], cells[last_cell], or_dash(cells[rank_cell]));
    const auto& conf = c.configurations[row.configuration];
    if (interval_width > 0 && conf.geomean_ci_low) {
      out += fmt::format("  {:>{}}  {:>9}", geomean_interval_text(conf), interval_width,
                         conf.geomean_ci_tests);
    }
    out += '\n';
  }
  if (c.statistics.p_values > 0) {
    std::string how =
        fmt::format("~: within the noise, Benjamini-Hochberg-adjusted p >= {:g} over {} (Welch)",
                    c.statistics.alpha, counted(c.statistics.p_values, "p-value"));
    if (any_delta_interval(c)) {
      how += "; [ ]: " + delta_level_text(c) +
             " interval of the delta (Welch), false-coverage adjusted so that it leaves out 0 "
             "exactly when the adjusted p is below " +
             fmt::format("{:g}", c.statistics.alpha);
    }
    if (c.statistics.bootstrap > 0) {
      how += fmt::format("; geomean intervals from {} bootstrap resamples of the runs",
                         c.statistics.bootstrap);
    }
    out += '\n';
    for (const auto& line : wrapped(how + ".", room)) out += line + '\n';
  }
}

void render_notes(const comparison& c, int width, std::string& out) {
  const auto room = static_cast<std::size_t>(std::max(width, 40));
  if (const auto unmatched = unmatched_rows(c); !unmatched.empty()) {
    out += "\nNot in every input:\n";
    for (const auto& row : unmatched) {
      const auto line = row.heading + " (" + c.tests[row.test].unit + "): only in " + row.only_in;
      for (const auto& part : wrapped(line, room - 2)) out += "  " + part + '\n';
    }
  }
  std::vector<std::string> lines;
  for (const auto& n : c.notes) lines.push_back(n.text);
  for (auto& line : carried_lines(c)) lines.push_back(std::move(line));
  if (!lines.empty()) {
    out += "\nNotes:\n";
    for (const auto& line : lines) {
      for (const auto& part : wrapped(line, room - 2)) out += "  " + part + '\n';
    }
  }
}

}  // namespace

void render_ascii_comparison(const comparison& c, const comparison_render_options& options,
                             std::string& out) {
  const painter paint(options.color);
  if (options.table_view) {
    const table_index index(c);
    for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
      render_compare_group_table(c, index, g, options, out);
    }
  } else {
    for (const auto& test : c.tests) {
      render_test(c, test, fit(c, test, options.width), options.width, paint, out);
    }
  }
  render_summary(c, options.width, out);
  render_notes(c, options.width, out);
}

}  // namespace iosr::detail
