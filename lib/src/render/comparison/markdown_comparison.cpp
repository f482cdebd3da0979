// SPDX-License-Identifier: MIT
// The comparison as GitHub-flavoured Markdown for articles: a compact summary first, then per
// group one table per test family (its shared options in the heading, the rows showing what
// varies), configurations as columns with the baseline first and the best cell bold.
// Texts from the inputs go through markdown_escaped() (render/escape.hpp).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/comparison/test_families.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/escape.hpp"

namespace iosr::detail {

namespace {

// What a table cell shows for an unknown figure.
std::string or_dash(const std::string& s) { return s.empty() ? "—" : s; }

void table_row(const std::vector<std::string>& cells, std::string& out) {
  out += '|';
  for (const auto& cell : cells) out += ' ' + cell + " |";
  out += '\n';
}

std::string unit_text(const std::string& unit, direction d,
                      markdown_place place = markdown_place::inline_text) {
  std::string about = markdown_escaped(unit, place);
  if (auto arrow = direction_arrow(d); !arrow.empty()) {
    about += (about.empty() ? "" : ", ") + std::string(arrow) + " better";
  }
  return about;
}

std::string cell_text(const comparison& c, const compared_test& test, const compared_entry& e) {
  std::string cell = markdown_escaped(e.value_text);
  if (!is_baseline(c, e.configuration) && e.delta_pct) {
    cell += " (" + delta_text(e.delta_pct);
    // Appended, not " " + text: GCC 12's -Wrestrict misreads that inlined (PR 105329).
    if (const auto in = delta_interval_text(e); !in.empty()) (cell += ' ') += markdown_escaped(in);
    if (const auto mark = noise_mark(e); !mark.empty()) (cell += ' ') += markdown_escaped(mark);
    cell += ")";
  }
  if (const auto why = missing_text(e); !why.empty()) cell += " (" + markdown_escaped(why) + ")";
  if (shown_best(c, test, e)) cell = "**" + cell + "**";
  return cell;
}

void render_family(const comparison& c, const table_index& index,
                   const std::vector<std::size_t>& columns, const test_family& family,
                   const std::vector<std::string>& images, std::vector<bool>& imaged,
                   std::string& out) {
  std::vector<std::vector<std::string>> rows;
  for (std::size_t k = 0; k < family.tests.size(); ++k) {
    const auto t = family.tests[k];
    const auto& test = c.tests[t];
    std::string label = markdown_escaped(family.rest[k]);
    if (!family.one_unit) {
      const auto about = unit_text(test.unit, test.direction);
      if (!about.empty()) ((label += label.empty() ? "(" : " (") += about) += ')';
    }
    if (label.empty()) label = or_dash(unit_text(test.unit, test.direction));
    std::vector<std::string> row{label};
    bool any = false;
    for (auto i : columns) {
      const auto* e = index.entry(t, i);
      row.push_back(e ? cell_text(c, test, *e) : "—");
      any = any || e;
    }
    if (any) rows.push_back(std::move(row));
  }
  if (rows.empty()) return;

  out += "### " + markdown_escaped(family.heading, markdown_place::heading) + "\n\n";
  std::string about = markdown_escaped(family.shared, markdown_place::line_start);
  if (family.one_unit) {
    const auto unit =
        unit_text(family.unit, family.direction,
                  about.empty() ? markdown_place::line_start : markdown_place::inline_text);
    if (!unit.empty()) about += (about.empty() ? "" : ". ") + unit;
  }
  if (!about.empty()) out += about + "\n\n";
  std::vector<std::string> header{"Test"};
  std::vector<std::string> align{"---"};
  for (auto i : columns) {
    header.push_back(markdown_escaped(label_in_compare_group(c, i)) +
                     (is_baseline(c, i) ? baseline_suffix : ""));
    align.push_back("---:");
  }
  table_row(header, out);
  table_row(align, out);
  for (const auto& row : rows) table_row(row, out);
  out += '\n';
  // Each test's image once, after the first table of its family: it shows every group.
  for (std::size_t k = 0; k < family.tests.size(); ++k) {
    const auto t = family.tests[k];
    if (t >= images.size() || images[t].empty() || imaged[t]) continue;
    imaged[t] = true;
    const auto alt = heading_text(family.heading, "", family.rest[k]);
    out += "![" + markdown_escaped(alt) + "](" + images[t] + ")\n\n";
  }
}

void render_summary(const comparison& c, std::string& out) {
  const bool intervals = any_geomean_interval(c);
  out += "## Summary\n\n";
  std::vector<std::string> header{summary_columns.begin(), summary_columns.end()};
  std::vector<std::string> align{"---", "---:", "---:", "---:", "---:", "---:"};
  if (intervals) {
    header.insert(header.begin() + ratio_cell + 1, level_text(c) + " interval");
    align.push_back("---:");
  }
  table_row(header, out);
  table_row(align, out);
  for (const auto& row : summary_rows(c)) {
    std::vector<std::string> cells;
    for (const auto& cell : row.cells) {
      cells.push_back(cells.empty() ? markdown_escaped(cell) : or_dash(markdown_escaped(cell)));
    }
    if (intervals) {
      const auto& conf = c.configurations[row.configuration];
      std::string in = geomean_interval_text(conf);
      if (!in.empty()) in += " (" + std::to_string(conf.geomean_ci_tests) + ")";
      cells.insert(cells.begin() + ratio_cell + 1, or_dash(markdown_escaped(in)));
    }
    table_row(cells, out);
  }
  if (const auto line = detectable_line(c); !line.empty()) {
    out += '\n' + markdown_escaped(line, markdown_place::line_start) + '\n';
  }
  out +=
      "\nGeomean ratio: geometric mean of the performance ratios against the baseline over "
      "the tests both have (above 1 is better). Cells: value (delta against the baseline); "
      "bold is best in the group.\n";
  for (const auto& line : statistics_legend(c))
    out += '\n' + markdown_escaped(line, markdown_place::line_start) + '\n';
  out += '\n';
}

}  // namespace

void render_markdown_comparison(const comparison& c, const comparison_render_options& options,
                                std::string& out) {
  const table_index index(c);
  render_summary(c, out);
  const auto families = test_families(c);
  std::vector<bool> imaged(c.tests.size());
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto columns = shown_columns(c, index, g, options.columns);
    if (columns.empty()) continue;
    out += "## " +
           (c.compare_groups.size() > 1
                ? markdown_escaped(c.compare_groups[g].name, markdown_place::heading)
                : "Results") +
           "\n\n";
    for (const auto& family : families) {
      render_family(c, index, columns, family, options.test_images, imaged, out);
    }
  }
  const auto notes = note_lines(c);
  if (notes.empty()) {
    out.pop_back();  // the blank line after the last table ends nothing
    return;
  }
  out += "## Notes\n\n";
  for (const auto& line : notes)
    out += "- " + markdown_escaped(line, markdown_place::line_start) + '\n';
}

}  // namespace iosr::detail
