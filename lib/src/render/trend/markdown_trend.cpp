// SPDX-License-Identifier: MIT
// The trend as GitHub-flavoured Markdown: per machine a table of the geometric means and one
// per test (a row per configuration, a column per point, the first point after a step in bold),
// the steps listed under each table.
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <vector>

#include "render/escape.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

void table(const trend& t, const std::vector<const trend_series*>& series,
           const std::vector<std::size_t>& columns, bool geomean, std::string& out) {
  out += "| " + std::string(row_heading(t)) + " | baseline |";
  // Appended, not " " + text: GCC 12's -Wrestrict misreads that inlined (PR 105329).
  for (auto p : columns) ((out += ' ') += markdown_escaped(t.points[p].name)) += " |";
  out += "\n|---|---|";
  for (std::size_t i = 0; i < columns.size(); ++i) out += "---:|";
  out += '\n';
  for (const auto* s : series) {
    std::string name = t.configurations[s->configuration].name;
    if (geomean) name += tests_text(s->tests);
    out += "| " + markdown_escaped(name) + " | " + markdown_escaped(baselines_of(t, *s)) + " |";
    auto by_point = values_by_point(t, *s);
    for (auto p : columns) {
      const auto* v = by_point[p];
      if (!v || !v->ratio) {
        out += " — |";
        continue;
      }
      std::string cell = ratio_text(*v->ratio);
      if (v->runs > 1 && !geomean) cell += fmt::format(" ({})", v->runs);
      out += v->change_point ? " **" + cell + "** |" : " " + cell + " |";
    }
    out += '\n';
  }
  bool any = false;
  for (const auto* s : series) {
    for (const auto& c : s->changes) {
      if (!any) out += '\n';
      any = true;
      out += "- " + std::string(change_word(c)) + ": " + markdown_escaped(change_text(t, *s, c)) +
             '\n';
    }
  }
}

}  // namespace

void render_markdown_trend(const trend& t, const trend_render_options&, trend_output& to) {
  auto& out = to.text;
  out += fmt::format("# Trend by {}\n\n", to_string(t.by));
  // Only the marks the tables show are explained (marks_shown()).
  const auto marks = marks_shown(t);
  out += sentence(ratio_meaning(t));
  if (marks.runs) out += "; (N) = N runs combined by geometric mean";
  out += ". " + markdown_escaped(sentence(method_text(t)));
  out += marks.steps
             ? "; the first point after a step, or the one point of an excursion, is in bold.\n"
             : ".\n";
  for (const auto& n : t.notes) out += "\n- note: " + markdown_escaped(n.text);
  if (!t.notes.empty()) out += '\n';
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    const auto columns = points_of(t, m);
    if (columns.empty()) continue;
    out += fmt::format("\n## Machine {}: {}\n", machine_number(t, m),
                       markdown_escaped(t.machines[m].name, markdown_place::heading));
    auto means = series_on(t, t.geomean, m);
    if (!means.empty()) {
      out += fmt::format("\n### {}\n\n", geomean_title);
      table(t, means, columns, true, out);
    }
    for (const auto& test : t.tests) {
      auto series = series_on(t, test.series, m);
      if (series.empty()) continue;
      out += "\n### " +
             markdown_escaped(
                 heading_text(test.info.title, test.info.version, test.info.description),
                 markdown_place::heading) +
             "\n\n";
      if (auto unit = unit_about(test.info.unit, test.info.direction); !unit.empty())
        out += markdown_escaped(unit, markdown_place::line_start) + "\n\n";
      table(t, series, columns, false, out);
      to.pass();
    }
  }
}

}  // namespace iosr::detail
