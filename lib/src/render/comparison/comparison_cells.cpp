// SPDX-License-Identifier: MIT
// The texts every comparison renderer shows the same way (see comparison_cells.hpp).
#include "render/comparison/comparison_cells.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "direction_names.hpp"
#include "iosr/match.hpp"
#include "render/figures.hpp"

namespace iosr::detail {

std::string delta_text(std::optional<double> delta_pct) {
  return delta_pct ? figure_text(*delta_pct, 1, figure_style::with_sign) + "%" : std::string();
}

std::string ratio_text(std::optional<double> ratio) {
  return ratio ? figure_text(*ratio, 3) : std::string();
}

std::string missing_text(const compared_entry& e) {
  switch (e.missing) {
    case missing_figure::none:
      break;
    case missing_figure::failed:
      return e.error.empty() ? "failed" : "failed: " + e.error;
    case missing_figure::baseline_absent:
      return "no delta: the baseline has no value in this test";
    case missing_figure::baseline_zero:
      return "no delta: the baseline is 0";
    case missing_figure::baseline_negative:
      return "no delta: the baseline is negative";
    case missing_figure::value_not_positive:
      return "no ratio: the value is not above 0";
    case missing_figure::out_of_range:
      return "no delta: too large for a double";
  }
  return {};
}

std::string mean_rank_text(std::optional<double> mean_rank) {
  return mean_rank ? figure_text(*mean_rank, 1) : std::string();
}

std::string test_heading(const compared_test& t) {
  return heading_text(t.title, t.version, t.description);
}

int verdict(const compared_entry& e) {
  if (!e.ratio || *e.ratio == 1.0) return 0;
  if (e.noise == noise::not_significant || e.noise == noise::few_runs) return 0;
  if (delta_text(e.delta_pct) == "0.0%") return 0;  // as printed: no change to colour
  return *e.ratio > 1.0 ? 1 : -1;
}

int verdict(const comparison& c, std::size_t configuration) {
  const auto& conf = c.configurations[configuration];
  if (is_baseline(c, configuration) || !conf.geomean_ratio) return 0;
  const double r = *conf.geomean_ratio;
  if (ratio_text(r) == "1.000") return 0;
  if (conf.geomean_ci_low && conf.geomean_ci_high && *conf.geomean_ci_low <= 1.0 &&
      *conf.geomean_ci_high >= 1.0) {
    return 0;
  }
  return r > 1.0 ? 1 : r < 1.0 ? -1 : 0;
}

bool shown_best(const comparison& c, const compared_test& test, const compared_entry& e) {
  if (e.rank != 1) return false;
  const auto group = c.configurations[e.configuration].compare_group;
  for (const auto& other : test.entries) {
    // A failed run ranks last (docs/compare.md, "Failed runs") but is nothing beaten: a value
    // alone beside failures is no best.
    if (&other != &e && other.rank > 0 && other.kind != entry_kind::failed &&
        c.configurations[other.configuration].compare_group == group) {
      return true;
    }
  }
  return false;
}

std::string_view label_in_compare_group(const comparison& c, std::size_t configuration) {
  const auto& conf = c.configurations[configuration];
  const std::string_view label = conf.label;
  const std::string& group = c.compare_groups[conf.compare_group].name;
  if (label.size() > group.size() + 2 && label.substr(0, group.size()) == group &&
      label.substr(group.size(), 2) == ": ") {
    return label.substr(group.size() + 2);
  }
  return label;
}

std::string_view shown_label(const comparison& c, std::size_t configuration) {
  return c.compare_groups.size() > 1 ? label_in_compare_group(c, configuration)
                                     : std::string_view(c.configurations[configuration].label);
}

table_index::table_index(const comparison& c)
    : members_(c.compare_groups.size()), entries_(c.tests.size()) {
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    members_[c.configurations[i].compare_group].push_back(i);
  }
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    for (const auto& e : c.tests[t].entries) entries_[t].emplace(e.configuration, &e);
  }
}

const compared_entry* table_index::entry(std::size_t test, std::size_t configuration) const {
  const auto found = entries_[test].find(configuration);
  return found == entries_[test].end() ? nullptr : found->second;
}

bool is_baseline(const comparison& c, std::size_t configuration) {
  return c.compare_groups[c.configurations[configuration].compare_group].baseline == configuration;
}

std::vector<std::size_t> shown_columns(const comparison& c, const table_index& index,
                                       std::size_t group, const std::vector<std::string>& columns) {
  const auto& members = index.members(group);
  if (columns.empty()) return members;
  std::vector<std::size_t> shown;
  for (const auto& name : columns) {
    for (auto i : members) {
      const auto& conf = c.configurations[i];
      const bool named =
          names_configuration(name, {conf.label, conf.source_label, conf.name}, conf.scheduler);
      if (named && std::find(shown.begin(), shown.end(), i) == shown.end()) shown.push_back(i);
    }
  }
  return shown;
}

}  // namespace iosr::detail

namespace iosr {

namespace {

// A gate's figures read plainly at any size: a limit of 0.001 meets entries worse by 0.01 %,
// which one decimal would print as 1.00e-02, beside a ratio rounded to 1.000.
std::string worse_text(double pct) {
  return pct < 0.05 ? fmt::format("{:.2g}", pct) : detail::figure_text(pct, 1);
}

std::string ratio_digits(double ratio) {
  const auto text = detail::ratio_text(ratio);
  return text == "1.000" && ratio != 1.0 ? fmt::format("{:.6g}", ratio) : text;
}

}  // namespace

std::string regression_text(const comparison& c, const regression& r) {
  const auto& test = c.tests[r.test];
  const auto& e = test.entries[r.entry];
  const auto& conf = c.configurations[e.configuration];
  const auto& baseline = c.compare_groups[conf.compare_group].baseline;
  const std::string base_label = baseline ? c.configurations[*baseline].label : std::string();
  if (std::isinf(r.worse_pct)) {
    return test.title + (test.description.empty() ? "" : ": ") + test.description + ": " +
           conf.label +
           (e.missing == missing_figure::failed
                ? " failed" + (e.error.empty() ? std::string() : " (" + e.error + ")")
                : " is " + e.value_text) +
           " where " + base_label + " has " + e.baseline_value_text;
  }
  return test.title + (test.description.empty() ? "" : ": ") + test.description + ": " +
         conf.label + " is " + worse_text(r.worse_pct) + "% worse than " +
         (baseline ? c.configurations[*baseline].label : std::string()) + " (performance ratio " +
         ratio_digits(*e.ratio) + ")";
}

}  // namespace iosr
