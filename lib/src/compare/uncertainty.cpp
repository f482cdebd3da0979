// SPDX-License-Identifier: MIT
// How sure each delta is: the runs behind it, Welch's p-value, the delta's confidence interval
// and the outlying runs per entry; then the p-values adjusted over the whole comparison
// (Benjamini-Hochberg) and the noise mark.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <vector>

#include "compare/engine.hpp"
#include "compare/stats.hpp"

namespace iosr::detail {

namespace {

// Fewer runs than this on either side: a p-value and an interval, but never "significant".
constexpr std::size_t enough_runs = 3;

// The runs when the input lists at least two: p-values then come from them and not from a
// standard error the input rounded. Otherwise the mean, standard error and N as given (an
// HTML view's `SE +/- x, N = y`).
std::optional<measured_mean> measured(const compared_entry& e) {
  if (e.runs.size() >= 2) return mean_of_runs(e.runs);
  if (!e.value || !e.standard_error || !e.sample_count) return std::nullopt;
  return measured_mean{*e.value, *e.standard_error, *e.sample_count};
}

std::optional<std::size_t> runs_behind(const compared_entry& e) {
  if (!e.runs.empty()) return e.runs.size();
  return e.sample_count;
}

// An entry with a p-value, and the two means behind it, for its interval once the level is
// known.
struct tested_entry {
  compared_entry* entry;
  measured_mean mine;
  measured_mean theirs;
};

std::optional<tested_entry> assess(compared_entry& e, const compared_entry& base) {
  e.baseline_n = runs_behind(base);
  if (!e.value || !base.value) return std::nullopt;
  const auto mine = measured(e);
  const auto theirs = measured(base);
  if (!mine || !theirs) return std::nullopt;
  e.p_value = welch_p_value(*mine, *theirs);
  if (!e.p_value) return std::nullopt;
  return tested_entry{&e, *mine, *theirs};
}

// Benjamini and Yekutieli (2005): after R of m deltas are selected at false discovery rate q,
// intervals at level 1 - R q / m bound the false coverage rate among the selected by q. With
// R = 0 the level is that of R = 1. The selected have p <= R q / m and the others p > R q / m
// (the Benjamini-Hochberg step), so with intervals that invert the p-value, each significant
// delta's interval leaves out 0 and each `~` delta's holds it.
double false_coverage_level(std::size_t selected, std::size_t tested, double q) {
  const auto r = static_cast<double>(std::max<std::size_t>(selected, 1));
  return 1.0 - r * q / static_cast<double>(tested);
}

}  // namespace

void assess_noise(comparison& c, const compare_options& options) {
  c.statistics.confidence = options.confidence;
  c.statistics.alpha = options.alpha;
  std::vector<tested_entry> tested;
  for (auto& test : c.tests) {
    for (auto& e : test.entries) {
      e.n = runs_behind(e);
      if (e.runs.size() >= 2) e.outlier_runs = tukey_outliers(e.runs);
    }
    const auto bases = baseline_entries(c, test);
    for (auto& e : test.entries) {
      // An entry is not noise against itself, and a group without a baseline has no deltas.
      const compared_entry* base = baseline_of(c, bases, e);
      if (!base) continue;
      if (auto t = assess(e, *base)) tested.push_back(*t);
    }
  }
  std::vector<double> p_values;
  p_values.reserve(tested.size());
  for (const auto& t : tested) p_values.push_back(*t.entry->p_value);
  const auto adjusted = benjamini_hochberg(p_values);
  std::size_t selected = 0;
  for (std::size_t i = 0; i < tested.size(); ++i) {
    auto& e = *tested[i].entry;
    e.p_adjusted = adjusted[i];
    if (adjusted[i] < options.alpha) ++selected;
    if (e.n.value_or(0) < enough_runs || e.baseline_n.value_or(0) < enough_runs) {
      e.noise = noise::few_runs;
    } else {
      e.noise = adjusted[i] < options.alpha ? noise::significant : noise::not_significant;
    }
  }
  c.statistics.p_values = tested.size();
  c.statistics.selected = selected;
  if (tested.empty()) return;
  const double level = false_coverage_level(selected, tested.size(), options.alpha);
  c.statistics.delta_confidence = level;
  for (auto& t : tested) {
    if (const auto in = delta_interval(t.mine, t.theirs, level)) {
      t.entry->delta_ci_low = in->low;
      t.entry->delta_ci_high = in->high;
    }
  }
}

}  // namespace iosr::detail
