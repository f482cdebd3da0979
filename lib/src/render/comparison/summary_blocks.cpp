// SPDX-License-Identifier: MIT
// The summary, "not in every input" and notes rows of every comparison format (see
// summary_blocks.hpp).
#include "render/comparison/summary_blocks.hpp"

#include "render/comparison/comparison_cells.hpp"
#include "render/figures.hpp"

namespace iosr::detail {

std::vector<summary_row> summary_rows(const comparison& c) {
  std::vector<summary_row> rows;
  rows.reserve(c.configurations.size());
  std::size_t previous = c.compare_groups.size();  // none yet
  for (const auto i : c.summary_order) {
    const auto& conf = c.configurations[i];
    summary_row& row = rows.emplace_back();
    row.configuration = i;
    row.starts_compare_group = conf.compare_group != previous;
    previous = conf.compare_group;
    row.is_baseline = is_baseline(c, i);
    row.cells[label_cell] = conf.label;
    row.cells[ratio_cell] =
        row.is_baseline ? std::string(baseline_word) : ratio_text(conf.geomean_ratio);
    row.cells[tests_cell] =
        std::to_string(conf.tests_compared) + " of " + std::to_string(conf.tests_total);
    row.cells[first_cell] = std::to_string(conf.first_places);
    row.cells[last_cell] = std::to_string(conf.last_places);
    row.cells[rank_cell] = mean_rank_text(conf.mean_rank);
  }
  return rows;
}

std::vector<unmatched_row> unmatched_rows(const comparison& c) {
  std::vector<unmatched_row> rows;
  rows.reserve(c.unmatched.size());
  for (auto t : c.unmatched) {
    unmatched_row& row = rows.emplace_back();
    row.test = t;
    row.heading = test_heading(c.tests[t]);
    for (auto i : c.tests[t].inputs) {
      if (!row.only_in.empty()) row.only_in += ", ";
      row.only_in += c.inputs[i].short_name;
    }
  }
  return rows;
}

std::vector<std::string> carried_lines(const comparison& c) {
  std::vector<std::string> lines;
  for (const auto i : c.summary_order) {
    const auto& conf = c.configurations[i];
    if (conf.carried_by.empty()) continue;
    std::string tests;
    double share = 0;
    for (const auto t : conf.carried_by) {
      if (!tests.empty()) tests += " and ";
      tests += test_heading(c.tests[t]);
      for (const auto& e : c.tests[t].entries) {
        if (e.configuration == i && e.geomean_share) share += *e.geomean_share;
      }
    }
    lines.push_back(conf.label + "'s geometric mean ratio " + ratio_text(conf.geomean_ratio) +
                    " is carried mostly by " + tests + " (" + figure_text(share * 100.0, 0) +
                    "% of its log-ratio sum); without " +
                    (conf.carried_by.size() == 1 ? "it" : "them") + " it would be " +
                    ratio_text(conf.geomean_without) + ".");
  }
  return lines;
}

std::vector<std::string> note_lines(const comparison& c) {
  std::vector<std::string> lines;
  lines.reserve(c.notes.size());
  for (const auto& n : c.notes) lines.push_back(n.text);
  for (auto& line : carried_lines(c)) lines.push_back(std::move(line));
  for (const auto& row : unmatched_rows(c)) {
    lines.push_back("not in every input: " + row.heading + " (only in " + row.only_in + ")");
  }
  return lines;
}

}  // namespace iosr::detail
