// SPDX-License-Identifier: MIT
// How sure each delta is: the runs behind it, Welch's p-value, the delta's confidence interval
// and the outlying runs per entry; then the p-values adjusted over the whole comparison
// (Benjamini-Hochberg), the noise mark, and the smallest delta the runs could tell from the
// noise.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <vector>

#include "compare/engine.hpp"
#include "compare/stats.hpp"

namespace iosr::detail {

// The runs when the input lists at least two: p-values then come from them and not from a
// standard error the input rounded. Otherwise the mean, standard error and N as given (an
// HTML view's `SE +/- x, N = y`).
std::optional<measured_mean> measured(const compared_entry& e) {
  if (e.runs.size() >= 2 && !e.runs_disagree) return mean_of_runs(e.runs);
  if (!e.value || !e.standard_error || !e.sample_count) return std::nullopt;
  return measured_mean{*e.value, *e.standard_error, *e.sample_count};
}

namespace {

// Fewer runs than this on either side: a p-value and an interval, but never "significant".
constexpr std::size_t enough_runs = 3;

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
// The intervals are at level 1 - this: the p-value below which a delta is significant.
double false_coverage_alpha(std::size_t selected, std::size_t tested, double q) {
  const auto r = static_cast<double>(std::max<std::size_t>(selected, 1));
  return r * q / static_cast<double>(tested);
}

// The smallest difference of the means, in percent of the baseline's mean, that Welch's test
// at `alpha` detects with probability `power` (stats.hpp: detectable_noncentrality), for these
// standard errors and numbers of runs; empty when neither side has any spread.
std::optional<double> detectable(const measured_mean& v, const measured_mean& b, double alpha,
                                 double power) {
  if (!(b.mean > 0) || !(v.standard_error > 0 || b.standard_error > 0)) return std::nullopt;
  const double df = welch_degrees_of_freedom(v.standard_error, v.n, b.standard_error, b.n);
  const double lambda = detectable_noncentrality(alpha, power, df);
  const double pct = lambda * std::hypot(v.standard_error, b.standard_error) / b.mean * 100.0;
  if (!std::isfinite(pct)) return std::nullopt;
  return pct;
}

// The same runs twice over: the spread of each side's runs kept, its standard error shrunk by
// the square root of 2.
measured_mean doubled(const measured_mean& m) {
  return {m.mean, m.standard_error / std::sqrt(2.0), 2 * m.n};
}

// The median and the largest detectable delta, and what twice the runs would make of the entries
// behind them (one solve each, not one per entry: the noncentral t is the costly part).
void summarize_detectable(comparison& c, const std::vector<tested_entry>& tested, double alpha) {
  auto& d = c.statistics.detectable;
  std::vector<const tested_entry*> with;
  for (const auto& t : tested) {
    if (!t.entry->detectable_pct) continue;
    with.push_back(&t);
    const auto fewest = std::min(t.mine.n, t.theirs.n);
    d.fewest_runs = with.size() == 1 ? fewest : std::min(d.fewest_runs, fewest);
    d.most_runs = std::max(d.most_runs, std::max(t.mine.n, t.theirs.n));
  }
  if (with.empty()) return;
  d.deltas = with.size();
  std::stable_sort(with.begin(), with.end(), [](const auto* a, const auto* b) {
    return *a->entry->detectable_pct < *b->entry->detectable_pct;
  });
  auto twice = [&](const tested_entry* t) {
    return detectable(doubled(t->mine), doubled(t->theirs), alpha, c.statistics.power)
        .value_or(std::nan(""));
  };
  // The median as quantile_of_sorted() takes it: the middle entry, or the mean of the two.
  const std::size_t below = (with.size() - 1) / 2;
  const std::size_t above = with.size() / 2;
  d.median_pct = (*with[below]->entry->detectable_pct + *with[above]->entry->detectable_pct) / 2;
  d.doubled_median_pct = below == above ? twice(with[below])
                                        : (twice(with[below]) + twice(with[above])) / 2;
  d.largest_pct = *with.back()->entry->detectable_pct;
  d.doubled_largest_pct = twice(with.back());
}

}  // namespace

void assess_noise(comparison& c, const compare_options& options) {
  c.statistics.confidence = options.confidence;
  c.statistics.alpha = options.alpha;
  c.statistics.power = options.power;
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
  // Its complement is the level of the intervals, and the alpha of the smallest detectable delta.
  const double threshold = false_coverage_alpha(selected, tested.size(), options.alpha);
  const double level = 1.0 - threshold;
  c.statistics.delta_confidence = level;
  for (auto& t : tested) {
    if (const auto in = delta_interval(t.mine, t.theirs, level)) {
      t.entry->delta_ci_low = in->low;
      t.entry->delta_ci_high = in->high;
    }
    // A delta with fewer than 3 runs a side is never called significant, however large.
    if (t.entry->noise != noise::few_runs && c.statistics.power > 0) {
      t.entry->detectable_pct = detectable(t.mine, t.theirs, threshold, c.statistics.power);
    }
  }
  summarize_detectable(c, tested, threshold);
}

}  // namespace iosr::detail
