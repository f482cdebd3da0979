// SPDX-License-Identifier: MIT
// The summary, "not in every input" and notes rows of every comparison format (see
// summary_blocks.hpp).
#include "render/comparison/summary_blocks.hpp"

#include <fmt/format.h>

#include "iosr/counted.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/uncertainty_cells.hpp"
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
    row.cells[ratio_cell] = row.is_baseline            ? std::string(baseline_word)
                            : !conf.lost_tests.empty() ? fmt::format("failed in {}",
                                                                     conf.lost_tests.size())
                                                       : ratio_text(conf.geomean_ratio);
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

std::vector<std::string> lost_lines(const comparison& c) {
  // Named up to this many; a configuration that failed in dozens has a broken setup to look at.
  constexpr std::size_t named = 3;
  std::vector<std::string> lines;
  for (const auto i : c.summary_order) {
    const auto& conf = c.configurations[i];
    if (conf.lost_tests.empty()) continue;
    std::string tests;
    std::size_t failed = 0;
    for (std::size_t k = 0; k < conf.lost_tests.size(); ++k) {
      const auto& test = c.tests[conf.lost_tests[k]];
      for (const auto& e : test.entries) {
        if (e.configuration == i && e.kind == entry_kind::failed) {
          ++failed;
          break;
        }
      }
      if (k >= named) continue;
      if (k > 0) tests += k + 1 == conf.lost_tests.size() ? " and " : "; ";
      tests += test_heading(test);
    }
    if (conf.lost_tests.size() > named) {
      tests += fmt::format(" and {} more", conf.lost_tests.size() - named);
    }
    const std::string verb = failed == conf.lost_tests.size() ? "failed in"
                             : failed == 0 ? "measured 0 or below, where higher is better, in"
                                           : "failed, or measured 0 or below where higher is "
                                             "better, in";
    const bool one = conf.lost_tests.size() == 1;
    const bool baseline = is_baseline(c, i);
    lines.push_back(conf.label + (baseline ? " (the baseline) " : " ") + verb + " " +
                    counted(conf.lost_tests.size(), "test") + ": " + tests + ". " +
                    (baseline ? std::string("The others have no ratio there, so it")
                              : std::string("It has no geometric mean ratio, as a mean without ") +
                                    (one ? "that test" : "those tests") + " would flatter it; it") +
                    " ranks last in " + (one ? "that test" : "each") +
                    ", and after the configurations with a mean in the summary, by mean rank.");
  }
  return lines;
}

std::string runs_disagree_line(const comparison& c) {
  std::size_t count = 0;
  std::string first;
  for (const auto& t : c.tests) {
    for (const auto& e : t.entries) {
      if (!e.runs_disagree) continue;
      if (count++ == 0) {
        double sum = 0;
        for (const double r : e.runs) sum += r;
        first = c.configurations[e.configuration].label + " in " + test_heading(t) + ": " +
                e.value_text + ", the mean of its runs " +
                fmt::format("{:.6g}", sum / static_cast<double>(e.runs.size()));
      }
    }
  }
  if (count == 0) return {};
  return fmt::format(
      "{} not the mean of {} runs beyond the rounding of both ({}{}): the runs are not the "
      "measurements behind {}, so {} no p-value, interval or noise mark from them and {} no "
      "part in the geometric means' intervals.",
      count == 1 ? "A value is" : counted(count, "value") + " are",
      count == 1 ? "its" : "their", first, count == 1 ? "" : ", the first",
      count == 1 ? "it" : "them", count == 1 ? "its delta gets" : "their deltas get",
      count == 1 ? "it takes" : "they take");
}

std::vector<std::string> comparison_notes(const comparison& c) {
  std::vector<std::string> lines;
  lines.reserve(c.notes.size());
  for (const auto& n : c.notes) lines.push_back(n.text);
  for (auto& line : lost_lines(c)) lines.push_back(std::move(line));
  if (auto line = runs_disagree_line(c); !line.empty()) lines.push_back(std::move(line));
  for (auto& line : carried_lines(c)) lines.push_back(std::move(line));
  return lines;
}

std::string detectable_line(const comparison& c) {
  const auto& d = c.statistics.detectable;
  if (d.deltas == 0) return {};
  const std::string runs = d.fewest_runs == d.most_runs
                               ? fmt::format("{} runs a side", d.fewest_runs)
                               : fmt::format("{} to {} runs a side", d.fewest_runs, d.most_runs);
  auto pct = [](double x) { return figure_text(x, 1) + "%"; };
  if (d.deltas == 1) {
    return fmt::format(
        "With {}, a change under {} cannot be told from the noise ({:g}% power at the {} "
        "level); twice the runs would bring that to {}.",
        runs, pct(d.median_pct), c.statistics.power * 100, delta_level_text(c),
        pct(d.doubled_median_pct));
  }
  return fmt::format(
      "With {}, a change under {} cannot be told from the noise in half of the {} with runs, "
      "nor under {} in the least certain one ({:g}% power at the {} level); twice the runs "
      "would bring these to {} and {}.",
      runs, pct(d.median_pct), counted(d.deltas, "delta"), pct(d.largest_pct),
      c.statistics.power * 100, delta_level_text(c), pct(d.doubled_median_pct),
      pct(d.doubled_largest_pct));
}

std::vector<std::string> note_lines(const comparison& c) {
  std::vector<std::string> lines = comparison_notes(c);
  for (const auto& row : unmatched_rows(c)) {
    lines.push_back("not in every input: " + row.heading + " (only in " + row.only_in + ")");
  }
  return lines;
}

}  // namespace iosr::detail
