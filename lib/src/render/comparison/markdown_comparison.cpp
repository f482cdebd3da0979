// SPDX-License-Identifier: MIT
// The comparison as GitHub-flavoured Markdown for articles: one table per group (tests as rows,
// configurations as columns, the baseline first, the best cell bold), then the summary.
// Texts from the inputs go through markdown_escaped() (render/escape.hpp).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
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

std::string cell_text(const comparison& c, const compared_entry& e) {
  std::string cell = markdown_escaped(e.value_text);
  if (!is_baseline(c, e.configuration) && e.delta_pct) {
    cell += " (" + delta_text(e.delta_pct);
    if (e.noise == noise::not_significant) cell += " \\~";
    cell += ")";
  }
  if (e.rank == 1) cell = "**" + cell + "**";
  return cell;
}

void render_compare_group(const comparison& c, const table_index& index, std::size_t group,
                          std::string& out) {
  const auto& confs = index.members(group);
  if (c.compare_groups.size() > 1)
    out += "## " + markdown_escaped(c.compare_groups[group].name) + "\n\n";

  std::vector<std::string> header{"Test"};
  std::vector<std::string> align{"---"};
  for (auto i : confs) {
    header.push_back(markdown_escaped(label_in_compare_group(c, i)) +
                     (is_baseline(c, i) ? baseline_suffix : ""));
    align.push_back("---:");
  }
  table_row(header, out);
  table_row(align, out);
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& test = c.tests[t];
    std::vector<std::string> row{markdown_escaped(test_heading(test))};
    std::string about = markdown_escaped(test.unit);
    if (auto arrow = direction_arrow(test.direction); !arrow.empty()) {
      about += (about.empty() ? "" : ", ") + std::string(arrow) + " better";
    }
    if (!about.empty()) row[0] += " (" + about + ")";
    bool any = false;
    for (auto i : confs) {
      const auto* e = index.entry(t, i);
      row.push_back(e ? cell_text(c, *e) : "—");
      any = any || e;
    }
    if (any) table_row(row, out);
  }
  out += '\n';
}

void render_summary(const comparison& c, std::string& out) {
  out += c.compare_groups.size() > 1 ? "## Summary\n\n" : "Summary:\n\n";
  table_row({summary_columns.begin(), summary_columns.end()}, out);
  table_row({"---", "---:", "---:", "---:", "---:", "---:"}, out);
  for (const auto& row : summary_rows(c)) {
    std::vector<std::string> cells;
    for (const auto& cell : row.cells) {
      cells.push_back(cells.empty() ? markdown_escaped(cell) : or_dash(markdown_escaped(cell)));
    }
    table_row(cells, out);
  }
  out +=
      "\nGeomean ratio: geometric mean of the performance ratios against the baseline over "
      "the tests both have (above 1 is better). Cells: value (delta against the baseline); "
      "bold is best in the group";
  out += "; \\~ marks a delta within the noise (Welch's t-test, p ≥ 0.05).\n";
}

}  // namespace

void render_markdown_comparison(const comparison& c, const comparison_render_options&,
                                std::string& out) {
  const table_index index(c);
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) render_compare_group(c, index, g, out);
  render_summary(c, out);
  const auto notes = note_lines(c);
  if (!notes.empty()) out += '\n';
  for (const auto& line : notes) out += "- " + markdown_escaped(line) + '\n';
}

}  // namespace iosr::detail
