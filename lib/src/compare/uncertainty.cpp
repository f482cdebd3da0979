// SPDX-License-Identifier: MIT
// How sure each delta is: the runs behind it, Welch's p-value, the delta's confidence interval
// and the outlying runs per entry; then the p-values adjusted over the whole comparison
// (Benjamini-Hochberg) and the noise mark.
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

void assess(compared_entry& e, const compared_entry& base, double level) {
  e.baseline_n = runs_behind(base);
  if (!e.value || !base.value) return;
  const auto mine = measured(e);
  const auto theirs = measured(base);
  if (!mine || !theirs) return;
  e.p_value = welch_p_value(*mine, *theirs);
  if (const auto in = delta_interval(*e.value, *mine, *base.value, *theirs, level)) {
    e.delta_ci_low = in->low;
    e.delta_ci_high = in->high;
  }
}

}  // namespace

void assess_noise(comparison& c, const compare_options& options) {
  c.statistics.confidence = options.confidence;
  c.statistics.alpha = options.alpha;
  std::vector<compared_entry*> tested;
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
      assess(e, *base, options.confidence);
      if (e.p_value) tested.push_back(&e);
    }
  }
  std::vector<double> p_values;
  p_values.reserve(tested.size());
  for (const auto* e : tested) p_values.push_back(*e->p_value);
  const auto adjusted = benjamini_hochberg(p_values);
  for (std::size_t i = 0; i < tested.size(); ++i) {
    auto& e = *tested[i];
    e.p_adjusted = adjusted[i];
    if (e.n.value_or(0) < enough_runs || e.baseline_n.value_or(0) < enough_runs) {
      e.noise = noise::few_runs;
    } else {
      e.noise = adjusted[i] < options.alpha ? noise::significant : noise::not_significant;
    }
  }
  c.statistics.p_values = tested.size();
}

}  // namespace iosr::detail
