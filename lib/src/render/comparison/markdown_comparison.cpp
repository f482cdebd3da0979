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
#include "render/escape.hpp"

namespace iosr::detail {

namespace {

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

void render_group(const comparison& c, const table_index& index, std::size_t group,
                  std::string& out) {
  const auto& confs = index.members(group);
  if (c.groups.size() > 1) out += "## " + markdown_escaped(c.groups[group].name) + "\n\n";

  std::vector<std::string> header{"Test"};
  std::vector<std::string> align{"---"};
  for (auto i : confs) {
    header.push_back(markdown_escaped(label_in_group(c, i)) +
                     (is_baseline(c, i) ? " (baseline)" : ""));
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
  out += c.groups.size() > 1 ? "## Summary\n\n" : "Summary:\n\n";
  table_row({"Configuration", "Geomean ratio", "Tests", "Wins", "Last places", "Mean rank"}, out);
  table_row({"---", "---:", "---:", "---:", "---:", "---:"}, out);
  const auto total = std::to_string(c.tests.size());
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    const auto& conf = c.configurations[i];
    std::string ratio = is_baseline(c, i) ? "baseline" : ratio_text(conf.geomean_ratio);
    table_row(
        {markdown_escaped(conf.label), ratio.empty() ? "—" : ratio,
         std::to_string(conf.tests_compared) + " of " + total, std::to_string(conf.first_places),
         std::to_string(conf.last_places), conf.mean_rank ? mean_rank_text(conf.mean_rank) : "—"},
        out);
  }
  out +=
      "\nGeomean ratio: geometric mean of the performance ratios against the baseline over "
      "the tests both have (above 1 is better). Cells: value (delta against the baseline); "
      "bold is best in the group";
  out += "; \\~ marks a delta within the noise (Welch's t-test, p ≥ 0.05).\n";
}

void render_notes(const comparison& c, std::string& out) {
  if (c.notes.empty() && c.unmatched.empty()) return;
  out += '\n';
  for (const auto& n : c.notes) out += "- " + markdown_escaped(n) + '\n';
  for (auto t : c.unmatched) {
    std::string where;
    for (auto i : c.tests[t].inputs) where += (where.empty() ? "" : ", ") + c.inputs[i].short_name;
    out += "- not in every input: " + markdown_escaped(test_heading(c.tests[t])) + " (only in " +
           markdown_escaped(where) + ")\n";
  }
}

}  // namespace

void render_markdown_comparison(const comparison& c, const comparison_render_options&,
                                std::string& out) {
  const table_index index(c);
  for (std::size_t g = 0; g < c.groups.size(); ++g) render_group(c, index, g, out);
  render_summary(c, out);
  render_notes(c, out);
}

}  // namespace iosr::detail
