// SPDX-License-Identifier: MIT
// The trend as one self-contained HTML5 page in the comparison page's style: per machine, an
// SVG line chart of the geometric means and one per test (a line per configuration, the ratio
// 1 dashed, the first point after a step ringed), each with its table and steps. No script, no
// external resource; every string from an input goes through html_escaped().
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "render/escape.hpp"
#include "render/figures.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

constexpr std::string_view style =
    R"(body{font-family:system-ui,sans-serif;margin:2em auto;max-width:64em;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:2em}h3{font-size:1.05em;margin-top:1.5em}
table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}
td.num{text-align:right;white-space:nowrap}th{background:#f3f3f3;text-align:left}
td.step{font-weight:bold}.scroll{overflow-x:auto}figure{margin:1.5em 0}
.unit{color:#555}ul.steps{margin:.25em 0 1em}
svg text{font-size:12px;font-family:system-ui,sans-serif}
)";

// Distinct on white and for the common colour blindnesses (Okabe and Ito's palette).
constexpr std::string_view palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                        "#E69F00", "#56B4E9", "#000000", "#F0E442"};

constexpr int width = 760, height = 280, left = 56, right = 180, top = 12, bottom = 60;

void chart(const trend& t, const std::vector<const trend_series*>& series,
           const std::vector<std::size_t>& columns, std::string_view title, std::string& out) {
  double low = 1, high = 1;
  for (const auto* s : series) {
    for (const auto& v : s->values) {
      if (!v.ratio) continue;
      low = std::min(low, *v.ratio);
      high = std::max(high, *v.ratio);
    }
  }
  const double pad = std::max(0.02, (high - low) * 0.08);
  low = std::max(0.0, low - pad);
  high += pad;
  std::vector<double> x_of(t.points.size(), 0);
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    x_of[columns[i]] = left + (columns.size() == 1 ? plot_w / 2
                                                   : plot_w * static_cast<double>(i) /
                                                         static_cast<double>(columns.size() - 1));
  }
  auto y_of = [&](double r) { return top + plot_h * (high - r) / (high - low); };
  out += fmt::format(
      "<svg class=\"trend-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" "
      "height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">\n",
      width, height, width, height, html_escaped(title));
  // Axes, the ratio 1 (the baseline) dashed, and a tick at each end of the range.
  out += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#888\"/>\n"
      "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"#888\"/>\n",
      left, top, top + plot_h, left + plot_w);
  out += fmt::format(
      "<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#444\" "
      "stroke-dasharray=\"4 3\"/><text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">1.00</text>\n",
      left, y_of(1), left + plot_w, y_of(1), left - 4, y_of(1) + 4);
  for (double r : {low, high}) {
    if (std::abs(r - 1) < (high - low) * 0.06) continue;
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 4,
                       y_of(r) + 4, figure_text(r, 2));
  }
  // Many points: the names slanted, so that 5.10 and 5.11 do not run into each other. Slanted
  // lines of 12 px text need some 14 px between them across the slant, which is the points'
  // spacing times sin 40°: from 26 points on (40 kernels are 13.4 px apart, 8.6 px across) the
  // names would run together, so every second (third, …) point is named, the first of them
  // (the last one only when the step lands on it); the table below and each point's title
  // name them all.
  const bool slanted = columns.size() > 8;
  std::size_t every = 1;
  if (slanted) {
    const double across = plot_w / static_cast<double>(columns.size() - 1) * 0.6428;  // sin 40°
    every = static_cast<std::size_t>(std::ceil(14 / across));
  }
  for (std::size_t i = 0; i < columns.size(); i += every) {
    const auto p = columns[i];
    const double y = top + plot_h + 16;
    if (slanted) {
      out += fmt::format(
          "<text x=\"{0:.1f}\" y=\"{1:.1f}\" text-anchor=\"end\" transform=\"rotate(-40 "
          "{0:.1f} {1:.1f})\">{2}</text>\n",
          x_of[p] + 4, y, html_escaped(t.points[p].name));
    } else {
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                         x_of[p], y, html_escaped(t.points[p].name));
    }
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto* s = series[i];
    const auto colour = palette[i % std::size(palette)];
    const auto& name = t.configurations[s->configuration].name;
    std::string path;
    for (const auto& v : s->values) {
      if (!v.ratio) continue;
      path +=
          fmt::format("{}{:.1f},{:.1f}", path.empty() ? "" : " ", x_of[v.point], y_of(*v.ratio));
    }
    out += fmt::format("<g><title>{}</title>\n", html_escaped(name));
    out += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n",
                       colour, path);
    for (const auto& v : s->values) {
      if (!v.ratio) continue;
      out += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"{}><title>{} at {}: "
          "{}</title></circle>\n",
          x_of[v.point], y_of(*v.ratio), v.change_point ? 6 : 3, v.change_point ? "none" : colour,
          v.change_point ? fmt::format(" stroke=\"{}\" stroke-width=\"2\"", colour) : "",
          html_escaped(name), html_escaped(t.points[v.point].name), ratio_text(*v.ratio));
    }
    out += "</g>\n";
    const int legend_y = top + 14 + static_cast<int>(i) * 18;
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" "
        "y=\"{}\">{}</text>\n",
        width - right + 12, legend_y - 10, colour, width - right + 30, legend_y,
        html_escaped(name));
  }
  out += "</svg>\n";
}

void table(const trend& t, const std::vector<const trend_series*>& series,
           const std::vector<std::size_t>& columns, bool geomean, std::string& out) {
  out += "<div class=\"scroll\"><table>\n<thead><tr><th>" + std::string(row_heading(t)) +
         "</th><th>baseline</th>";
  for (auto p : columns) out += "<th>" + html_escaped(t.points[p].name) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto* s : series) {
    std::string name = t.configurations[s->configuration].name;
    if (geomean) name += tests_text(s->tests);
    out +=
        "<tr><td>" + html_escaped(name) + "</td><td>" + html_escaped(baselines_of(t, *s)) + "</td>";
    auto by_point = values_by_point(t, *s);
    for (auto p : columns) {
      const auto* v = by_point[p];
      if (!v || !v->ratio) {
        out += "<td class=\"num\">—</td>";
        continue;
      }
      std::string cell = ratio_text(*v->ratio);
      if (v->runs > 1 && !geomean) cell += fmt::format(" ({})", v->runs);
      out += v->change_point ? "<td class=\"num step\">" + cell + "</td>"
                             : "<td class=\"num\">" + cell + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  std::string steps;
  for (const auto* s : series) {
    for (const auto& c : s->changes)
      steps += "<li>" + html_escaped(change_text(t, *s, c)) + "</li>";
  }
  if (!steps.empty()) out += "<ul class=\"steps\">" + steps + "</ul>\n";
}

void section(const trend& t, const std::vector<const trend_series*>& series,
             const std::vector<std::size_t>& columns, const std::string& heading,
             const std::string& unit, bool geomean, std::string& out) {
  out += "<figure>\n<h3>" + html_escaped(heading) + "</h3>\n";
  if (!unit.empty()) out += "<div class=\"unit\">" + html_escaped(unit) + "</div>\n";
  chart(t, series, columns, heading, out);
  table(t, series, columns, geomean, out);
  out += "</figure>\n";
}

}  // namespace

void render_html_trend(const trend& t, const trend_render_options&, trend_output& to) {
  auto& out = to.text;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  out += html_escaped(fmt::format("Trend by {}", to_string(t.by)));
  out += "</title>\n<style>\n";
  out += style;
  out += "</style>\n</head>\n<body>\n";
  out += fmt::format("<h1>Trend by {}</h1>\n", to_string(t.by));
  // Only the marks the tables and charts show are explained (marks_shown()).
  const auto marks = marks_shown(t);
  out += "<p>" + html_escaped(sentence(ratio_meaning(t)));
  if (marks.runs) out += "; (N) = N runs combined by geometric mean";
  out += ". " + html_escaped(sentence(method_text(t)));
  out += marks.steps
             ? "; the first point after a step, or the one point of an excursion, is ringed.</p>\n"
             : ".</p>\n";
  if (!t.notes.empty()) {
    out += "<ul class=\"notes\">";
    for (const auto& n : t.notes) out += "<li>" + html_escaped(n.text) + "</li>";
    out += "</ul>\n";
  }
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    const auto columns = points_of(t, m);
    if (columns.empty()) continue;
    out += fmt::format("<h2>Machine {}: {}</h2>\n", machine_number(t, m),
                       html_escaped(t.machines[m].name));
    auto means = series_on(t, t.geomean, m);
    if (!means.empty()) {
      section(t, means, columns, std::string(geomean_title), "", true,
              out);
    }
    for (const auto& test : t.tests) {
      auto series = series_on(t, test.series, m);
      if (series.empty()) continue;
      section(t, series, columns,
              heading_text(test.info.title, test.info.version, test.info.description),
              unit_about(test.info.unit, test.info.direction), false, out);
      to.pass();
    }
  }
  out += "</body>\n</html>\n";
}

}  // namespace iosr::detail
