// SPDX-License-Identifier: MIT
// The comparison for a terminal: per test the ranked entries with values, bars and deltas, then
// the summary. Fits options.width; ANSI colours only when options.color says so.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "compare/render/cells.hpp"
#include "compare/render/comparison_formats.hpp"

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
};

constexpr std::size_t delta_width = 8;  // `-100.0%`, `+1234.5%`
constexpr std::size_t ratio_width = 6;  // `0.288`

layout fit(const comparison& c, const compared_test& test, int width) {
  layout l;
  for (const auto& e : test.entries) {
    l.label = std::max(l.label, columns_of(c.configurations[e.configuration].label));
    l.value = std::max(l.value, columns_of(e.value_text));
  }
  const std::size_t total = static_cast<std::size_t>(std::max(width, 40));
  l.label = std::min(l.label, std::max<std::size_t>(12, total / 3));
  // rank, label, value, bar, delta, ratio and noise, with two blanks between them
  const std::size_t fixed = 3 + 2 + l.label + 2 + l.value + 2 + 2 + delta_width + 1 +
                            ratio_width + 4;
  l.bar = total > fixed + 5 ? total - fixed : 5;
  return l;
}

bool any_noise_known(const compared_test& test) {
  return std::any_of(test.entries.begin(), test.entries.end(),
                     [](const auto& e) { return e.noise != noise::unknown; });
}

void render_test(const comparison& c, const compared_test& test, const layout& l,
                 const painter& paint, std::string& out) {
  const bool show_noise = any_noise_known(test);
  out += paint.bold(test_heading(test)) + '\n';
  std::string about = test.unit;
  if (auto d = direction_text(test.direction); !d.empty()) {
    about += (about.empty() ? "" : ", ") + std::string(d);
  }
  if (!show_noise) about += std::string(about.empty() ? "" : "; ") + "noise n/a";
  out += "  " + about + '\n';

  double largest = 0;
  for (const auto& e : test.entries) {
    if (e.value && e.kind != entry_kind::pass_fail) largest = std::max(largest, *e.value);
  }
  std::size_t group = c.groups.size();  // none yet
  for (const auto& e : test.entries) {
    const auto& conf = c.configurations[e.configuration];
    if (c.groups.size() > 1 && conf.group != group) {
      group = conf.group;
      out += "  [" + c.groups[group].name + "]\n";
    }
    std::size_t bar = 0;
    if (e.value && *e.value > 0 && largest > 0 && e.kind != entry_kind::pass_fail) {
      bar = static_cast<std::size_t>(*e.value / largest * static_cast<double>(l.bar) + 0.5);
    }
    const bool base = is_baseline(c, e.configuration) && e.delta_pct;
    std::string label = pad_right(truncated(conf.label, l.label), l.label);
    if (e.rank == 1) label = paint.bold(label);
    const std::string delta = base ? "base" : delta_text(e.delta_pct);
    const std::string ratio = base ? "" : ratio_text(e.ratio);
    std::string line = fmt::format(
        "{:>3}  {}  {}  {}  {}", e.rank > 0 ? std::to_string(e.rank) : "-", label,
        pad_left(e.value_text, l.value), pad_right(std::string(bar, '#'), l.bar),
        paint.by_verdict(verdict(e), pad_left(delta, delta_width) + " " +
                                         pad_left(ratio, ratio_width)));
    if (show_noise && !base) line += "  " + std::string(to_string(e.noise));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  out += '\n';
}

// Tests as rows, configurations as columns: the article view for the terminal.
void render_group_table(const comparison& c, std::size_t group, int width, std::string& out) {
  std::vector<std::size_t> confs;
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    if (c.configurations[i].group == group) confs.push_back(i);
  }
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"test"};
  for (auto i : confs) header.push_back(c.configurations[i].label);
  rows.push_back(header);
  for (const auto& test : c.tests) {
    std::vector<std::string> row{test_heading(test) + " (" + test.unit +
                                 std::string(direction_arrow(test.direction)) + ")"};
    bool any = false;
    for (auto i : confs) {
      std::string cell = "-";
      for (const auto& e : test.entries) {
        if (e.configuration != i) continue;
        cell = e.value_text;
        if (!is_baseline(c, i) && e.delta_pct) cell += " (" + delta_text(e.delta_pct) + ")";
        if (e.rank == 1) cell = "*" + cell;
        any = true;
        break;
      }
      row.push_back(cell);
    }
    if (any) rows.push_back(row);
  }
  std::vector<std::size_t> widths(header.size(), 0);
  for (const auto& r : rows) {
    for (std::size_t k = 0; k < r.size(); ++k) widths[k] = std::max(widths[k], columns_of(r[k]));
  }
  std::size_t others = 0;
  for (std::size_t k = 1; k < widths.size(); ++k) others += widths[k] + 2;
  const auto total = static_cast<std::size_t>(std::max(width, 40));
  widths[0] = std::min(widths[0], total > others + 20 ? total - others : std::size_t{20});
  out += c.groups[group].name + '\n';
  for (const auto& r : rows) {
    std::string line = pad_right(truncated(r[0], widths[0]), widths[0]);
    for (std::size_t k = 1; k < r.size(); ++k) line += "  " + pad_left(r[k], widths[k]);
    out += line + '\n';
  }
  out += "(* best in the group)\n\n";
}

void render_summary(const comparison& c, std::string& out) {
  out += "Summary: geometric mean of the performance ratios against the baseline "
         "(above 1 = better)\n";
  std::size_t label_width = 13;
  for (const auto& conf : c.configurations) label_width = std::max(label_width, columns_of(conf.label));
  const auto total = std::to_string(c.tests.size());
  out += fmt::format("  {}  {:>6}  {:>{}}  {:>5}  {:>4}  {:>9}\n",
                     pad_right("configuration", label_width), "ratio", "over", total.size() * 2 + 4,
                     "first", "last", "mean rank");
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    const auto& conf = c.configurations[i];
    if (i > 0 && c.configurations[i - 1].group != conf.group) out += '\n';
    const std::string ratio = is_baseline(c, i) ? "base" : ratio_text(conf.geomean_ratio);
    out += fmt::format("  {}  {:>6}  {:>{}}  {:>5}  {:>4}  {:>9}\n",
                       pad_right(conf.label, label_width), ratio.empty() ? "-" : ratio,
                       std::to_string(conf.tests_compared) + " of " + total, total.size() * 2 + 4,
                       conf.first_places, conf.last_places,
                       conf.mean_rank ? mean_rank_text(conf.mean_rank) : "-");
  }
}

void render_notes(const comparison& c, std::string& out) {
  if (!c.unmatched.empty()) {
    out += "\nNot in every input:\n";
    for (auto t : c.unmatched) {
      std::string where;
      for (auto i : c.tests[t].inputs) where += (where.empty() ? "" : ", ") + c.inputs[i].short_name;
      out += "  " + test_heading(c.tests[t]) + " (" + c.tests[t].unit + "): only in " + where + '\n';
    }
  }
  if (!c.notes.empty()) {
    out += "\nNotes:\n";
    for (const auto& n : c.notes) out += "  " + n + '\n';
  }
}

}  // namespace

void render_ascii(const comparison& c, const comparison_render_options& options,
                  std::string& out) {
  const painter paint(options.color);
  if (options.table_view) {
    for (std::size_t g = 0; g < c.groups.size(); ++g) render_group_table(c, g, options.width, out);
  } else {
    for (const auto& test : c.tests) {
      render_test(c, test, fit(c, test, options.width), paint, out);
    }
  }
  render_summary(c, out);
  render_notes(c, out);
}

}  // namespace iosr::detail
