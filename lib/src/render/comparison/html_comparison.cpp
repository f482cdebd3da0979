// SPDX-License-Identifier: MIT
// The comparison as one self-contained HTML5 page that reads like an article: the answer first
// (each group's geometric mean ratios with their intervals, best first), the systems (what they
// share once, then what differs), the results by test family with an SVG chart per test (or, in
// the table view, one table per group), the notes and how the figures are computed. No
// external resource; the page reads without JavaScript, and a small script only makes the
// tables sortable. Every string from an input goes through html_escaped().
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/counted.hpp"
#include "render/chart/chart_drawing.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/comparison/test_families.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/escape.hpp"
#include "render/figures.hpp"
#include "render/text_layout.hpp"

namespace iosr::detail {

namespace {

// Colours are variables, so that the charts follow a dark colour scheme and print in black.
constexpr std::string_view style =
    R"(:root{--fg:#1f1f1f;--bg:#fff;--muted:#5a5a5a;--line:#c8c8c8;--head:#f2f2f2;--bar:#3f6fb0;
--base:#7a7a7a;--better:#1b6e20;--worse:#b71c1c;--mark:#1f1f1f;--run:#0d2a52;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#141414;--muted:#a8a8a8;
--line:#474747;--head:#242424;--bar:#6b9ad8;--base:#8d8d8d;--better:#74c77a;--worse:#f07a7a;
--mark:#e8e8e8;--run:#d6e4f7}}
body{font-family:system-ui,sans-serif;margin:2em 0;padding:0 2em;
color:var(--fg);background:var(--bg);line-height:1.45}
h1{font-size:1.6em}h2{font-size:1.3em;margin-top:2em}h3{font-size:1.1em;margin-top:1.5em}
a{color:inherit}nav ol{margin:.25em 0}nav li{margin:.1em 0}
table{border-collapse:collapse;margin:1em 0;font-size:.9em}
th,td{border:1px solid var(--line);padding:.25em .5em;vertical-align:top}
td.num{text-align:right;white-space:nowrap}th{background:var(--head);text-align:left}
tbody.family th{background:none;border-left:none;border-right:none;padding-top:1em}
.scroll{overflow-x:auto}figure{margin:1.25em 0}figcaption{margin-bottom:.25em}
table.systems{width:100%}table.systems td,table.shared td{overflow-wrap:anywhere}
table.systems th[scope=row]{width:25%;overflow-wrap:anywhere}
ul.fields{list-style:none;margin:0;padding:0;columns:26em auto}.fields li{break-inside:avoid}
.fields .key{color:var(--muted)}
svg{max-width:100%;height:auto}svg text{font-size:12px;font-family:system-ui,sans-serif;fill:var(--fg)}
.unit,.shared-options,.lead,.detectable{color:var(--muted)}p.detectable{font-size:.9em}
.better{color:var(--better);fill:var(--better)}.worse{color:var(--worse);fill:var(--worse)}
.bar{fill:var(--bar)}.bar.baseline{fill:var(--base)}.bar.better{fill:var(--better)}
.bar.worse{fill:var(--worse)}.whisker{stroke:var(--mark);stroke-width:1.2}
.run{fill:var(--run);opacity:.7}.axis{stroke:var(--mark);stroke-dasharray:4 3}
button.sort{font:inherit;font-weight:bold;color:inherit;background:none;border:none;padding:0;
cursor:pointer;text-align:left}
th[aria-sort=ascending] button.sort::after{content:" ▲"}
th[aria-sort=descending] button.sort::after{content:" ▼"}
@media print{nav{display:none}body{max-width:none;margin:0;color:#000;background:#fff}
:root{--fg:#000;--bg:#fff;--muted:#333;--line:#999;--head:#eee}figure,table,tr{break-inside:avoid}
h2,h3{break-after:avoid}.scroll{overflow:visible}}
)";

// Sorting enhances what is already there: without the script, the tables stay as written.
// The last line marks the page, so that a test can see that the script ran to its end.
constexpr std::string_view script =
    R"((function () {
  function key(cell) {
    var v = cell.getAttribute("data-sort");
    if (v !== null && v !== "") return Number(v);
    return cell.textContent.trim().toLowerCase();
  }
  function sortBy(table, column, th) {
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(th.parentNode.cells, function (c) {
      c.setAttribute("aria-sort", "none");
    });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    Array.prototype.forEach.call(table.tBodies, function (body) {
      if (body.className === "family") return;
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a.cells[column]), y = key(b.cells[column]);
        if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
        return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    if (!table.tHead) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () { sortBy(table, column, th); });
    });
  });
  document.documentElement.setAttribute("data-enhanced", "sortable");
})();
)";

// What a table cell shows for an unknown figure.
std::string or_dash(const std::string& s) { return s.empty() ? "—" : s; }

// A number for the sorting script, in full: the cell shows it rounded.
std::string sort_key(std::optional<double> v) { return v ? fmt::format("{}", *v) : ""; }

// What a family's tests share, for its heading: the options, then the unit and direction when
// they are one; plain text, not yet escaped.
std::string family_about(const test_family& family) {
  std::string about = family.shared;
  if (family.one_unit) {
    const auto unit = unit_about(family.unit, family.direction);
    if (!unit.empty()) about += (about.empty() ? "" : ". ") + unit;
  }
  return about;
}

// ---- the answer: geometric mean ratios per group, best first ------------------------------------

// Each configuration's tests by their share of its geometric mean (largest first), folded
// away: what carries a mean is a question some readers ask, and the notes name the striking
// cases.
void share_tables(const comparison& c, std::string& out) {
  bool any = false;
  for (const auto i : c.summary_order) {
    std::vector<std::pair<double, std::size_t>> shares;
    for (std::size_t t = 0; t < c.tests.size(); ++t) {
      for (const auto& e : c.tests[t].entries) {
        if (e.configuration == i && e.geomean_share) shares.emplace_back(*e.geomean_share, t);
      }
    }
    if (shares.empty()) continue;
    if (!any) {
      out +=
          "<p>A test's share of a geometric mean is the logarithm of its ratio over the sum of "
          "the logarithms of all the configuration's ratios: the shares add up to 100 %, and a "
          "negative share pulls the mean the other way.</p>\n";
      any = true;
    }
    std::stable_sort(shares.begin(), shares.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    const auto& conf = c.configurations[i];
    out += "<details><summary>" + html_escaped(conf.label) +
           ": each test's share of its geometric mean ratio " +
           html_escaped(ratio_text(conf.geomean_ratio)) +
           "</summary>\n<div class=\"scroll\"><table class=\"sortable\">\n<thead><tr><th>Test"
           "</th><th>Ratio</th><th>Share</th></tr></thead>\n<tbody>\n";
    for (const auto& [share, t] : shares) {
      const compared_entry* entry = nullptr;
      for (const auto& e : c.tests[t].entries) {
        if (e.configuration == i) entry = &e;
      }
      out += fmt::format(
          "<tr><th>{}</th><td class=\"num\" data-sort=\"{}\">{}</td><td class=\"num\" "
          "data-sort=\"{}\">{}%</td></tr>\n",
          html_escaped(test_heading(c.tests[t])), sort_key(entry->ratio), ratio_text(entry->ratio),
          share, figure_text(share * 100.0, 1, figure_style::with_sign));
    }
    out += "</tbody></table></div></details>\n";
  }
}

void summary_section(const comparison& c, const table_index& index, std::string& out) {
  out +=
      "<section id=\"summary\">\n<h2>Summary</h2>\n<p>Each configuration's geometric mean of "
      "its performance ratios against its group's baseline, over the tests both have: above 1 "
      "is better. Bars grow from the baseline on a logarithmic scale, best first";
  if (any_geomean_interval(c)) {
    out += "; whiskers are " + level_text(c) + " intervals";
  }
  out +=
      ". First and last places count the tests where a configuration ranked best or worst "
      "of its group.</p>\n";
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    if (index.members(g).empty()) continue;
    if (c.compare_groups.size() > 1) out += "<h3>" + html_escaped(c.compare_groups[g].name) + "</h3>\n";
    html_summary_chart(c, g, index.members(g), out);
  }
  const bool intervals = any_geomean_interval(c);
  out += "<div class=\"scroll\"><table class=\"summary sortable\">\n<thead><tr>";
  for (std::size_t k = 0; k < summary_columns.size(); ++k) {
    out += fmt::format("<th>{}</th>", summary_columns[k]);
    if (k == ratio_cell && intervals) {
      out += "<th>" + html_escaped(level_text(c)) + " interval</th><th>Tests with runs</th>";
    }
  }
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : summary_rows(c)) {
    const auto& conf = c.configurations[row.configuration];
    out += "<tr><th>" + html_escaped(row.cells[label_cell]) + "</th>";
    const std::vector<std::string> keys = {"",
                                           row.is_baseline ? "1" : sort_key(conf.geomean_ratio),
                                           std::to_string(conf.tests_compared),
                                           std::to_string(conf.first_places),
                                           std::to_string(conf.last_places),
                                           sort_key(conf.mean_rank)};
    for (std::size_t k = label_cell + 1; k < row.cells.size(); ++k) {
      out += fmt::format("<td class=\"num\" data-sort=\"{}\">{}</td>", keys[k],
                         or_dash(html_escaped(row.cells[k])));
      if (k == ratio_cell && intervals) {
        out += "<td class=\"num\">" + or_dash(html_escaped(geomean_interval_text(conf))) +
               "</td><td class=\"num\">" +
               (conf.geomean_ci_low ? std::to_string(conf.geomean_ci_tests) : "—") + "</td>";
      }
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  if (const auto line = detectable_line(c); !line.empty()) {
    out += "<p class=\"detectable\">" + html_escaped(line) + "</p>\n";
  }
  share_tables(c, out);
  out += "</section>\n";
}

// ---- systems: what they share once, then what differs ------------------------------------------

void systems_section(const comparison& c, std::string& out) {
  // Each hardware or software key, in the order first seen, with its value per configuration.
  std::vector<std::string> keys;
  std::vector<std::vector<std::string>> values;  // [key][configuration]
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    for (const auto* fields : {&c.configurations[i].hardware, &c.configurations[i].software}) {
      for (const auto& f : *fields) {
        auto at = std::find(keys.begin(), keys.end(), f.key);
        if (at == keys.end()) {
          keys.push_back(f.key);
          values.emplace_back(c.configurations.size());
          at = keys.end() - 1;
        }
        auto& v = values[static_cast<std::size_t>(at - keys.begin())][i];
        if (v.empty()) v = f.value;  // the first of a repeated key, as the model keeps both
      }
    }
  }
  out += "<section id=\"systems\">\n<h2>Systems</h2>\n";
  if (keys.empty()) {
    out += "<p>The inputs describe no hardware or software.</p>\n</section>\n";
    return;
  }
  std::vector<std::size_t> shared, differing;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const auto& v = values[k];
    const bool same = !v.front().empty() && std::all_of(v.begin(), v.end(), [&](const auto& x) {
      return x == v.front();
    });
    (same ? shared : differing).push_back(k);
  }
  if (!shared.empty()) {
    out += c.configurations.size() > 1 ? "<p>Shared by every configuration:</p>\n" : "";
    out += "<table class=\"shared\">\n<tbody>\n";
    for (auto k : shared) {
      out += "<tr><th>" + html_escaped(keys[k]) + "</th><td>" + html_escaped(values[k].front()) +
             "</td></tr>\n";
    }
    out += "</tbody></table>\n";
  }
  if (!differing.empty()) {
    // A row per configuration, its differing fields listed in one cell: however many
    // configurations and fields, the table is as wide as the page and never scrolls sideways.
    out += "<p>What differs between the configurations:</p>\n";
    out +=
        "<table class=\"systems\">\n<thead><tr><th scope=\"col\">Configuration</th>"
        "<th scope=\"col\">What differs</th></tr></thead>\n<tbody>\n";
    // Configurations that differ from the others alike (the schedulers of one machine) share a
    // row, in the order they first come.
    std::vector<std::vector<std::size_t>> rows;  // configurations per row
    std::vector<std::vector<std::string>> row_values;
    for (std::size_t i = 0; i < c.configurations.size(); ++i) {
      std::vector<std::string> mine;
      for (auto k : differing) mine.push_back(values[k][i]);
      const auto same = std::find(row_values.begin(), row_values.end(), mine);
      if (same != row_values.end()) {
        rows[static_cast<std::size_t>(same - row_values.begin())].push_back(i);
        continue;
      }
      rows.push_back({i});
      row_values.push_back(std::move(mine));
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
      out += "<tr><th scope=\"row\">";
      for (std::size_t n = 0; n < rows[r].size(); ++n) {
        out += (n ? "<br>" : "") + html_escaped(c.configurations[rows[r][n]].label);
      }
      out += "</th><td><ul class=\"fields\">";
      for (std::size_t k = 0; k < differing.size(); ++k) {
        const auto& v = row_values[r][k];
        out += "<li><span class=\"key\">" + html_escaped(keys[differing[k]]) + ":</span> " +
               (v.empty() ? std::string("—") : html_escaped(v)) + "</li>";
      }
      out += "</ul></td></tr>\n";
    }
    out += "</tbody></table>\n";
  } else if (c.configurations.size() > 1) {
    out += "<p>Nothing else differs in what the inputs describe.</p>\n";
  }
  out += "</section>\n";
}

// ---- results: a chart per test, by family -------------------------------------------------------

// Under a test's chart: the smallest delta each entry's runs tell from the noise.
void detectable_note(const comparison& c, const compared_test& test, std::string& out) {
  std::string each;
  for (const auto& e : test.entries) {
    if (!e.detectable_pct) continue;
    each += (each.empty() ? "" : ", ") +
            html_escaped(shown_label(c, e.configuration)) + " " +
            figure_text(*e.detectable_pct, 1) + "%";
  }
  if (each.empty()) return;
  out += fmt::format(
      "<p class=\"detectable\">Smallest delta these runs tell from the noise ({:g}% power at "
      "the {} level): {}.</p>\n",
      c.statistics.power * 100, html_escaped(delta_level_text(c)), each);
}

void family_charts(const comparison& c, const std::vector<test_family>& families,
                   std::string& out) {
  for (std::size_t f = 0; f < families.size(); ++f) {
    const auto& family = families[f];
    out += fmt::format("<section class=\"family\" id=\"family-{}\">\n<h3>{}</h3>\n", f + 1,
                       html_escaped(family.heading));
    const std::string shared = family_about(family);
    if (!shared.empty()) out += "<p class=\"shared-options\">" + html_escaped(shared) + "</p>\n";
    for (std::size_t k = 0; k < family.tests.size(); ++k) {
      const auto t = family.tests[k];
      const auto& test = c.tests[t];
      std::string caption = family.rest[k];
      std::string about = family.one_unit ? "" : unit_about(test.unit, test.direction);
      if (caption.empty()) caption = family.heading;
      html_test_chart(c, test, t, caption, about, out);
      detectable_note(c, test, out);
    }
    out += "</section>\n";
  }
}

// ---- the table view: one table per group, the families as row groups ----------------------------

std::string cell_html(const comparison& c, const compared_test& test, std::size_t configuration,
                      const compared_entry& e) {
  std::string cell = html_escaped(e.value_text);
  if (!is_baseline(c, configuration) && e.delta_pct) {
    cell += fmt::format(" <span class=\"{}\">({})</span>", verdict_class(verdict(e)),
                        html_escaped(delta_label(e)));
  }
  if (const auto why = missing_text(e); !why.empty()) cell += " (" + html_escaped(why) + ")";
  return shown_best(c, test, e) ? "<strong>" + cell + "</strong>" : cell;
}

void compare_group_tables(const comparison& c, const table_index& index,
                  const std::vector<test_family>& families,
                  const comparison_render_options& options, std::string& out) {
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto columns = shown_columns(c, index, g, options.columns);
    if (columns.empty()) continue;
    if (c.compare_groups.size() > 1) out += "<h3>" + html_escaped(c.compare_groups[g].name) + "</h3>\n";
    out += "<div class=\"scroll\"><table class=\"group sortable\">\n<thead><tr><th>Test</th>";
    for (auto i : columns) {
      out += "<th>" + html_escaped(label_in_compare_group(c, i)) +
             (is_baseline(c, i) ? baseline_suffix : "") + "</th>";
    }
    out += "</tr></thead>\n";
    for (std::size_t f = 0; f < families.size(); ++f) {
      const auto& family = families[f];
      std::string rows;
      for (std::size_t k = 0; k < family.tests.size(); ++k) {
        const auto t = family.tests[k];
        const auto& test = c.tests[t];
        std::string label = html_escaped(family.rest[k]);
        if (!family.one_unit) {
          label += " <span class=\"unit\">(" + html_escaped(test.unit) +
                   std::string(direction_arrow(test.direction)) + ")</span>";
        }
        std::string row = "<tr><th>" + label + "</th>";
        bool any = false;
        for (auto i : columns) {
          const auto* e = index.entry(t, i);
          const std::string key = e ? sort_key(e->delta_pct) : "";
          row += "<td class=\"num\" data-sort=\"" + key + "\">" +
                 (e ? cell_html(c, test, i, *e) : std::string("—")) + "</td>";
          any = any || e;
        }
        if (any) rows += row + "</tr>\n";
      }
      if (rows.empty()) continue;
      std::string heading = html_escaped(family.heading);
      const std::string shared = family_about(family);
      if (!shared.empty()) heading += " <span class=\"unit\">" + html_escaped(shared) + "</span>";
      out += fmt::format("<tbody class=\"family\"><tr><th colspan=\"{}\">{}</th></tr></tbody>\n",
                         columns.size() + 1, heading);
      out += "<tbody>\n" + rows + "</tbody>\n";
    }
    out += "</table></div>\n";
  }
}

// ---- the frame ----------------------------------------------------------------------------------

std::string page_title(const comparison& c) {
  std::string title;
  for (const auto& in : c.inputs) {
    if (!in.title.empty() && title.find(in.title) == std::string::npos) {
      title += (title.empty() ? "" : " · ") + in.title;
    }
  }
  return title.empty() ? "Benchmark comparison" : title;
}

void contents(const std::vector<test_family>& families, bool notes, std::string& out) {
  out +=
      "<nav aria-label=\"Contents\">\n<h2>Contents</h2>\n<ol>\n<li><a "
      "href=\"#summary\">Summary</a></li>\n<li><a href=\"#systems\">Systems</a></li>\n<li><a "
      "href=\"#results\">Results</a>";
  if (!families.empty()) {
    out += "\n<ol>\n";
    for (std::size_t f = 0; f < families.size(); ++f) {
      out += fmt::format("<li><a href=\"#family-{}\">{}</a></li>\n", f + 1,
                         html_escaped(families[f].heading));
    }
    out += "</ol>\n";
  }
  out += "</li>\n";
  if (notes) out += "<li><a href=\"#notes\">Notes</a></li>\n";
  out += "<li><a href=\"#method\">How the figures are computed</a></li>\n</ol>\n</nav>\n";
}

void method_section(const comparison& c, std::string& out) {
  out +=
      "<section id=\"method\">\n<h2>How the figures are computed</h2>\n<p>The delta is (v − b) "
      "/ b of the value v against its group's baseline b in the same test: the change of the "
      "number on the chart. The performance ratio is v / b when higher is better and b / v when "
      "lower is better, so above 1 is always better; colours, bold cells, places and the "
      "geometric means come from it.</p>\n";
  for (const auto& line : statistics_legend(c)) out += "<p>" + html_escaped(line) + "</p>\n";
  out += "</section>\n";
}

}  // namespace

void render_html_comparison(const comparison& c, const comparison_render_options& options,
                            std::string& out) {
  const auto title = html_escaped(page_title(c));
  const table_index index(c);
  const auto families = test_families(c);
  const auto notes = note_lines(c);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"color-scheme\" content=\"light dark\">\n";
  out += "<title>" + title + "</title>\n<style>\n" + std::string(style) + "</style>\n</head>\n";
  out += "<body>\n<header>\n<h1>" + title + "</h1>\n<p class=\"lead\">Compared by iosr:";
  for (const auto& in : c.inputs) out += " <code>" + html_escaped(in.source_name) + "</code>";
  out += fmt::format(
      ". {}, {}; deltas are against each group's baseline, green is better and red "
      "worse.</p>\n</header>\n",
      counted(c.tests.size(), "test"), counted(c.configurations.size(), "configuration"));
  contents(families, !notes.empty(), out);
  out += "<main>\n";
  summary_section(c, index, out);
  systems_section(c, out);
  out += "<section id=\"results\">\n<h2>Results</h2>\n";
  if (options.table_view) {
    compare_group_tables(c, index, families, options, out);
  } else {
    family_charts(c, families, out);
  }
  out += "</section>\n";
  if (!notes.empty()) {
    out += "<section id=\"notes\">\n<h2>Notes</h2>\n<ul class=\"notes\">\n";
    for (const auto& line : notes) out += "<li>" + html_escaped(line) + "</li>\n";
    out += "</ul>\n</section>\n";
  }
  method_section(c, out);
  out += "</main>\n<script>\n" + std::string(script) + "</script>\n</body>\n</html>\n";
}

}  // namespace iosr::detail
