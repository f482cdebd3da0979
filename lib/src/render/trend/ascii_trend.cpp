// SPDX-License-Identifier: MIT
// The trend for a terminal: per machine, the geometric means and then each test, a line per
// configuration with its ratio at each point; `*` marks the first point after a step, and the
// steps are listed under the lines. ANSI colours only when options.color says so.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/counted.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

std::size_t columns_of(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

void pad_right(std::string& out, std::string_view s, std::size_t width) {
  out += s;
  out.append(width - std::min(width, columns_of(s)), ' ');
}

void pad_left(std::string& out, std::string_view s, std::size_t width) {
  out.append(width - std::min(width, columns_of(s)), ' ');
  out += s;
}

// The points any series of this machine has a value at: its columns.
struct block_layout {
  std::vector<std::size_t> columns;
  std::vector<std::size_t> widths;  // per column
  std::size_t name_width = 13, baseline_width = 8;
};

// A geometric mean's value needs no count: its tests are counted after its name.
std::string cell_text(const trend_value* v, bool geomean) {
  if (!v || !v->ratio) return "-";
  // Appended, not "*" + text: GCC 12's -Wrestrict misreads that inlined (PR 105329).
  std::string s = v->change_point ? "*" : "";
  s += trend_ratio_text(*v->ratio);
  if (v->runs > 1 && !geomean) s += fmt::format(" ({})", v->runs);
  return s;
}

void block(const trend& t, const std::vector<const trend_series*>& series,
           const block_layout& layout, const trend_render_options& options, bool geomean,
           std::string& out) {
  out += "  ";
  pad_right(out, "configuration", layout.name_width);
  out += "  ";
  pad_right(out, "baseline", layout.baseline_width);
  for (std::size_t i = 0; i < layout.columns.size(); ++i) {
    out += "  ";
    pad_left(out, t.points[layout.columns[i]].name, layout.widths[i]);
  }
  out += '\n';
  for (const auto* s : series) {
    auto by_point = values_by_point(t, *s);
    std::string name = t.configurations[s->configuration].name;
    if (geomean) name += tests_text(s->tests);
    out += "  ";
    pad_right(out, name, layout.name_width);
    out += "  ";
    pad_right(out, baselines_of(t, *s), layout.baseline_width);
    for (std::size_t i = 0; i < layout.columns.size(); ++i) {
      out += "  ";
      const auto* v = by_point[layout.columns[i]];
      const auto text = cell_text(v, geomean);
      if (options.color && v && v->change_point) {
        pad_left(out, "", layout.widths[i] - std::min(layout.widths[i], columns_of(text)));
        // Green when the step went up (better), red when it went down.
        bool up = false;
        for (const auto& c : s->changes) {
          if (c.point == v->point) up = c.after > c.before;
        }
        out += up ? "\x1b[32m" : "\x1b[31m";
        out += text;
        out += "\x1b[0m";
      } else {
        pad_left(out, text, layout.widths[i]);
      }
    }
    out += '\n';
  }
  for (const auto* s : series) {
    for (const auto& c : s->changes) out += "  step: " + change_text(t, *s, c) + '\n';
  }
}

block_layout layout_for(const trend& t, const std::vector<const trend_series*>& series,
                        const std::vector<std::size_t>& columns, bool geomean) {
  block_layout l;
  l.columns = columns;
  for (auto p : columns) l.widths.push_back(columns_of(t.points[p].name));
  for (const auto* s : series) {
    std::size_t extra = geomean ? tests_text(s->tests).size() : 0;
    l.name_width =
        std::max(l.name_width, columns_of(t.configurations[s->configuration].name) + extra);
    l.baseline_width = std::max(l.baseline_width, columns_of(baselines_of(t, *s)));
    auto by_point = values_by_point(t, *s);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      l.widths[i] = std::max(l.widths[i], columns_of(cell_text(by_point[columns[i]], geomean)));
    }
  }
  return l;
}

}  // namespace

void render_ascii_trend(const trend& t, const trend_render_options& options, std::string& out) {
  out += fmt::format("Trend by {} over {}", to_string(t.by), counted(t.points.size(), "point"));
  if (t.by == trend_by::label && t.baseline_point) {
    out += ", each against " + t.points[*t.baseline_point].name;
  }
  out +=
      "\nratio: performance against the baseline at the same point (> 1 = better); (N): N "
      "runs combined by geometric mean\n";
  out += method_text(t) + "; * marks the first point after a step\n";
  for (const auto& n : t.notes) out += "note: " + n.text + '\n';
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    const auto columns = points_of(t, m);
    if (columns.empty()) continue;
    out += fmt::format("\nMachine {}: {}\n", m + 1, t.machines[m].name);
    auto means = series_on(t, t.geomean, m);
    if (!means.empty()) {
      out += fmt::format("\n{}\n", geomean_title);
      block(t, means, layout_for(t, means, columns, true), options, true, out);
    }
    for (const auto& test : t.tests) {
      auto series = series_on(t, test.series, m);
      if (series.empty()) continue;
      out += '\n' + trend_heading(test.info) + '\n';
      if (auto unit = unit_line(test.info); !unit.empty()) out += "  " + unit + '\n';
      block(t, series, layout_for(t, series, columns, false), options, false, out);
    }
  }
  if (t.tests.empty()) out += "\nno test to follow\n";
}

}  // namespace iosr::detail
