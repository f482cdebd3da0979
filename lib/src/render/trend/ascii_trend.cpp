// SPDX-License-Identifier: MIT
// The trend for a terminal: per machine, the geometric means and then each test, a line per
// configuration with its ratio at each point; `*` marks the first point after a step, and the
// steps are listed under the lines. Fits options.width (render/text_layout.hpp); ANSI colours
// only when options.color says so.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/counted.hpp"
#include "render/text_layout.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

// A geometric mean's value needs no count: its tests are counted after its name.
std::string cell_text(const trend_value* v, bool geomean) {
  if (!v || !v->ratio) return "-";
  // Appended, not "*" + text: GCC 12's -Wrestrict misreads that inlined (PR 105329).
  std::string s = v->change_point ? "*" : "";
  s += ratio_text(*v->ratio);
  if (v->runs > 1 && !geomean) s += fmt::format(" ({})", v->runs);
  return s;
}

// The series of one machine in a table: a row per configuration, a column per point; points
// that do not fit beside the names go to a further block (render_text_table).
void block(const trend& t, const std::vector<const trend_series*>& series,
           const std::vector<std::size_t>& columns, const trend_render_options& options,
           bool geomean, std::size_t total, std::string& out) {
  text_table table;
  table.indent = "  ";
  table.min_name = 13;
  table.header = {std::string(row_heading(t)), "baseline"};
  table.left = {true, true};
  for (auto p : columns) {
    table.header.push_back(t.points[p].name);
    table.left.push_back(false);
  }
  for (const auto* s : series) {
    const auto by_point = values_by_point(t, *s);
    text_table::row row;
    // A name too long for its column is shortened in its group, which its neighbours share,
    // never in its scheduler or test count; the baseline, chosen within the same group, is
    // named within it (`none`), so that the values keep their room.
    const auto& conf = t.configurations[s->configuration];
    const std::string count = geomean ? tests_text(s->tests) : "";
    row.cells.push_back(conf.name + count);
    const auto own = name_in_group(conf);
    row.kept_end = columns_of(own) + columns_of(count) + (own.size() < conf.name.size() ? 2 : 0);
    row.cells.push_back(baselines_of(t, *s, true));
    row.colors.resize(2);
    for (auto p : columns) {
      const auto* v = by_point[p];
      row.cells.push_back(cell_text(v, geomean));
      std::string color;
      if (v && v->ratio && v->change_point) {
        // Green when the step went up (better), red when it went down.
        bool up = false;
        for (const auto& c : s->changes) {
          if (c.point == v->point) up = c.after > c.before;
        }
        if (options.color) color = up ? "\x1b[32m" : "\x1b[31m";
      }
      row.colors.push_back(std::move(color));
    }
    table.rows.push_back(std::move(row));
  }
  render_text_table(table, total, out);
  for (const auto* s : series) {
    for (const auto& c : s->changes) {
      for (const auto& line :
           wrapped(std::string(change_word(c)) + ": " + change_text(t, *s, c), total - 2, "    ")) {
        out += "  " + line + '\n';
      }
    }
  }
}

}  // namespace

void render_ascii_trend(const trend& t, const trend_render_options& options, trend_output& to) {
  const std::size_t total = usable_width(options.width);
  auto& body = to.text;
  const auto marks = marks_shown(t);
  {
    std::string head =
        fmt::format("Trend by {} over {}", to_string(t.by), counted(t.points.size(), "point"));
    // With --by label, the baseline label is named once, by its note.
    std::vector<std::string> lines{head, sentence(ratio_meaning(t))};
    if (marks.runs) lines.emplace_back("(N): N runs combined by geometric mean");
    lines.push_back(method_text(t) +
                    (marks.steps
                         ? "; * marks the first point after a step, or the one point of an excursion"
                         : ""));
    for (const auto& n : t.notes) lines.push_back("note: " + n.text);
    for (const auto& line : lines) {
      for (const auto& part : wrapped(line, total)) body += part + '\n';
    }
  }
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    const auto columns = points_of(t, m);
    if (columns.empty()) continue;
    body += '\n';
    for (const auto& line :
         wrapped(fmt::format("Machine {}: {}", machine_number(t, m), t.machines[m].name), total)) {
      body += line + '\n';
    }
    auto means = series_on(t, t.geomean, m);
    if (!means.empty()) {
      body += '\n';
      for (const auto& line :
           wrapped(std::string(geomean_title), total)) {
        body += line + '\n';
      }
      block(t, means, columns, options, true, total, body);
    }
    for (const auto& test : t.tests) {
      auto series = series_on(t, test.series, m);
      if (series.empty()) continue;
      body += '\n';
      for (const auto& line :
           wrapped(heading_text(test.info.title, test.info.version, test.info.description), total))
        body += line + '\n';
      if (auto unit = unit_about(test.info.unit, test.info.direction); !unit.empty()) {
        for (const auto& line : wrapped(unit, total - 2)) body += "  " + line + '\n';
      }
      block(t, series, columns, options, false, total, body);
      to.pass();
    }
  }
  if (t.tests.empty()) body += "\nno test to follow\n";
}

}  // namespace iosr::detail
