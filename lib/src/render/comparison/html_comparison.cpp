// SPDX-License-Identifier: MIT
// The comparison as one self-contained HTML5 page: a systems table, an inline SVG bar chart per
// test (or, in the table view, one table per group), and the summary as a chart and a table.
// No script, no external resource; every string from an input goes through html_escaped().
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/escape.hpp"

namespace iosr::detail {

namespace {

// Chart labels are cut to fit their column; the full text is in the bar's tooltip.
std::string clipped(std::string_view s, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((s[i] & 0xC0) != 0x80 && ++chars > max_chars) return out + "…";
    out.push_back(s[i]);
  }
  return out;
}

constexpr std::string_view style =
    R"(body{font-family:system-ui,sans-serif;margin:2em auto;max-width:64em;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:2em}
table{border-collapse:collapse;margin:1em 0;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}
td.num{text-align:right;white-space:nowrap}th{background:#f3f3f3;text-align:left}
.scroll{overflow-x:auto}figure{margin:1.5em 0}figcaption{margin-bottom:.25em}
.unit{color:#555}.better{color:#1b6e20}.worse{color:#b71c1c}
svg text{font-size:12px;font-family:system-ui,sans-serif}
)";

constexpr int chart_width = 760;
constexpr int row_height = 22;
constexpr int label_right = 230;  // labels end here, bars start after it
constexpr int bar_max = 400;

// What a table cell shows for an unknown figure.
std::string or_dash(const std::string& s) { return s.empty() ? "—" : s; }

std::string_view verdict_colour(int v) {
  if (v > 0) return "#1b6e20";
  if (v < 0) return "#b71c1c";
  return "#444";
}

void systems_table(const comparison& c, std::string& out) {
  // One row per hardware or software key, in the order first seen.
  std::vector<std::string> keys;
  for (const auto& conf : c.configurations) {
    for (const auto* fields : {&conf.hardware, &conf.software}) {
      for (const auto& f : *fields) {
        if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
      }
    }
  }
  out += "<h2>Systems</h2>\n<div class=\"scroll\"><table class=\"systems\">\n<thead><tr><th></th>";
  for (const auto& conf : c.configurations) out += "<th>" + html_escaped(conf.label) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& key : keys) {
    out += "<tr><th>" + html_escaped(key) + "</th>";
    for (const auto& conf : c.configurations) {
      std::string value;
      for (const auto* fields : {&conf.hardware, &conf.software}) {
        for (const auto& f : *fields) {
          if (f.key == key && value.empty()) value = f.value;
        }
      }
      out += "<td>" + html_escaped(value) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
}

void test_chart(const comparison& c, const compared_test& test, std::size_t index,
                std::string& out) {
  double largest = 0;
  std::size_t rows = 0;
  std::size_t group = c.compare_groups.size();
  for (const auto& e : test.entries) {
    if (e.value && e.kind != entry_kind::pass_fail) largest = std::max(largest, *e.value);
    const auto g = c.configurations[e.configuration].compare_group;
    if (c.compare_groups.size() > 1 && g != group) ++rows;  // a group heading row
    group = g;
    ++rows;
  }
  const int height = static_cast<int>(rows) * row_height + 8;

  out += fmt::format(
      "<figure id=\"test-{}\">\n<figcaption><strong>{}</strong><br><span "
      "class=\"unit\">{}</span></figcaption>\n",
      index + 1, html_escaped(test_heading(test)),
      html_escaped(test.unit +
                   (test.unit.empty() || test.direction == direction::none ? "" : ", ") +
                   std::string(direction_text(test.direction))));
  out += fmt::format(
      "<svg class=\"test-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" "
      "height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">\n",
      chart_width, height, chart_width, height, html_escaped(test.title));
  int y = 4;
  group = c.compare_groups.size();
  for (const auto& e : test.entries) {
    const auto& conf = c.configurations[e.configuration];
    if (c.compare_groups.size() > 1 && conf.compare_group != group) {
      out += fmt::format("<text x=\"4\" y=\"{}\" font-weight=\"bold\">{}</text>\n", y + 15,
                         html_escaped(clipped(c.compare_groups[conf.compare_group].name, 100)));
      y += row_height;
    }
    group = conf.compare_group;
    const bool base = is_baseline(c, e.configuration);
    const std::string label =
        std::string(c.compare_groups.size() > 1 ? label_in_compare_group(c, e.configuration)
                                                : std::string_view(conf.label));
    double width = 0;
    if (e.value && *e.value > 0 && largest > 0 && e.kind != entry_kind::pass_fail) {
      width = *e.value / largest * bar_max;
    }
    out += fmt::format("<g><title>{}</title>", html_escaped(conf.label));
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\"{}>{}</text>", label_right - 6,
                       y + 15, base ? " font-weight=\"bold\"" : "",
                       html_escaped(clipped(label, 34) + (base ? baseline_suffix : "")));
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"/>",
                       label_right, y + 3, width, row_height - 6, base ? "#777" : "#4a78b5");
    std::string tail = e.value_text;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text>", label_right + width + 4, y + 15,
                       html_escaped(tail));
    if (e.delta_pct && !base) {
      std::string delta = delta_text(e.delta_pct);
      if (e.noise == noise::not_significant) delta += " ~";
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{}\">{}</text>",
                         chart_width - 4, y + 15, verdict_colour(verdict(e)), delta);
    }
    out += "</g>\n";
    y += row_height;
  }
  out += "</svg>\n</figure>\n";
}

std::string cell_html(const comparison& c, std::size_t configuration, const compared_entry& e) {
  std::string cell = html_escaped(e.value_text);
  if (!is_baseline(c, configuration) && e.delta_pct) {
    const int v = verdict(e);
    const std::string_view css = v > 0 ? "better" : v < 0 ? "worse" : "same";
    cell += fmt::format(" <span class=\"{}\">({}{})</span>", css, delta_text(e.delta_pct),
                        e.noise == noise::not_significant ? " ~" : "");
  }
  return e.rank == 1 ? "<strong>" + cell + "</strong>" : cell;
}

void compare_group_tables(const comparison& c, std::string& out) {
  const table_index index(c);
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto& confs = index.members(g);
    if (c.compare_groups.size() > 1)
      out += "<h3>" + html_escaped(c.compare_groups[g].name) + "</h3>\n";
    out += "<div class=\"scroll\"><table class=\"group\">\n<thead><tr><th>Test</th>";
    for (auto i : confs) {
      out += "<th>" + html_escaped(label_in_compare_group(c, i)) +
             (is_baseline(c, i) ? baseline_suffix : "") + "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t t = 0; t < c.tests.size(); ++t) {
      const auto& test = c.tests[t];
      std::string row = "<tr><th>" + html_escaped(test_heading(test)) + " <span class=\"unit\">(" +
                        html_escaped(test.unit) + std::string(direction_arrow(test.direction)) +
                        ")</span></th>";
      bool any = false;
      for (auto i : confs) {
        const auto* e = index.entry(t, i);
        row += "<td class=\"num\">" + (e ? cell_html(c, i, *e) : std::string("—")) + "</td>";
        any = any || e;
      }
      if (any) out += row + "</tr>\n";
    }
    out += "</tbody></table></div>\n";
  }
}

void summary(const comparison& c, std::string& out) {
  out +=
      "<h2>Summary</h2>\n<p>Geometric mean of the performance ratios against the baseline "
      "over the tests both have; above 1 is better.</p>\n";
  double largest = 1.0;
  for (const auto& conf : c.configurations) {
    if (conf.geomean_ratio) largest = std::max(largest, *conf.geomean_ratio);
  }
  const int height = static_cast<int>(c.configurations.size()) * row_height + 8;
  out += fmt::format(
      "<svg class=\"summary-chart\" xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" "
      "aria-label=\"geometric mean ratios\">\n",
      chart_width, height, chart_width, height);
  const double scale = bar_max / (largest * 1.1);
  const auto rows = summary_rows(c);
  for (const auto& row : rows) {
    const auto& conf = c.configurations[row.configuration];
    const int y = 4 + static_cast<int>(row.configuration) * row_height;
    const double ratio = conf.geomean_ratio.value_or(0.0);
    const int v = ratio > 1.0 ? 1 : ratio < 1.0 && conf.geomean_ratio ? -1 : 0;
    out += fmt::format("<g><title>{}</title><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                       html_escaped(conf.label), label_right - 6, y + 15,
                       html_escaped(clipped(conf.label, 34)));
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"/>",
                       label_right, y + 3, ratio * scale, row_height - 6,
                       row.is_baseline ? "#777" : verdict_colour(v));
    out +=
        fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text></g>\n", label_right + ratio * scale + 4,
                    y + 15, conf.geomean_ratio ? ratio_text(conf.geomean_ratio) : "no ratio");
  }
  out += fmt::format(
      "<line x1=\"{:.1f}\" y1=\"0\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#000\" "
      "stroke-dasharray=\"4 3\"/>\n</svg>\n",
      label_right + scale, label_right + scale, height);

  out += "<table class=\"summary\">\n<thead><tr>";
  for (auto column : summary_columns) out += fmt::format("<th>{}</th>", column);
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr><th>" + html_escaped(row.cells[label_cell]) + "</th>";
    for (std::size_t k = label_cell + 1; k < row.cells.size(); ++k) {
      out += "<td class=\"num\">" + or_dash(html_escaped(row.cells[k])) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
}

std::string page_title(const comparison& c) {
  std::string title;
  for (const auto& in : c.inputs) {
    if (!in.title.empty() && title.find(in.title) == std::string::npos) {
      title += (title.empty() ? "" : " · ") + in.title;
    }
  }
  return title.empty() ? "Benchmark comparison" : title;
}

}  // namespace

void render_html_comparison(const comparison& c, const comparison_render_options& options,
                            std::string& out) {
  const auto title = html_escaped(page_title(c));
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + title + "</title>\n<style>\n" + std::string(style) + "</style>\n</head>\n";
  out += "<body>\n<h1>" + title + "</h1>\n<p>Compared by iosr:";
  for (const auto& in : c.inputs) out += " <code>" + html_escaped(in.source_name) + "</code>";
  out += ". Deltas are against each group's baseline; green is better, red is worse.</p>\n";
  systems_table(c, out);
  out += "<h2>Results</h2>\n";
  if (options.table_view) {
    compare_group_tables(c, out);
  } else {
    for (std::size_t t = 0; t < c.tests.size(); ++t) test_chart(c, c.tests[t], t, out);
  }
  summary(c, out);
  if (const auto notes = note_lines(c); !notes.empty()) {
    out += "<h2>Notes</h2>\n<ul class=\"notes\">\n";
    for (const auto& line : notes) out += "<li>" + html_escaped(line) + "</li>\n";
    out += "</ul>\n";
  }
  out += "</body>\n</html>\n";
}

}  // namespace iosr::detail
