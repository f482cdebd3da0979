// SPDX-License-Identifier: MIT
// Each configuration's t interval of its geometric mean ratio (docs/compare.md, "How sure"): per
// test, the variance of the logarithm of each side's mean by the delta method, SE^2 / m^2, from
// the same means and standard errors as the test's p-value; summed over the tests with both
// sides measured, with the Welch-Satterthwaite degrees of freedom of the sum.
#include <cmath>
#include <cstddef>
#include <vector>

#include "compare/engine.hpp"
#include "compare/stats.hpp"

namespace iosr::detail {

namespace {

struct configuration_terms {
  double log_sum = 0;         // of every ratio of the mean, as summarize() adds them
  std::size_t ratios = 0;     // every ratio of the mean
  std::size_t measured = 0;   // of those, the tests with a mean and standard error on both sides
  std::vector<variance_term> terms;
};

// The variance of log(mean) by the delta method; empty without a positive mean and 2 samples.
bool add_term(std::vector<variance_term>& terms, const measured_mean& m) {
  if (m.n < 2 || !(m.mean > 0) || !(m.standard_error >= 0)) return false;
  const double relative = m.standard_error / m.mean;
  if (!std::isfinite(relative)) return false;
  terms.push_back({relative * relative, m.n});
  return true;
}

}  // namespace

void geomean_intervals(comparison& c, const compare_options& options) {
  std::vector<configuration_terms> all(c.configurations.size());
  for (const auto& test : c.tests) {
    const auto bases = baseline_entries(c, test);
    for (const auto& e : test.entries) {
      if (!e.ratio) continue;
      // The baseline has no interval: its ratio is 1 by definition.
      const compared_entry* base = baseline_of(c, bases, e);
      if (!base) continue;
      auto& mine = all[e.configuration];
      mine.log_sum += std::log(*e.ratio);
      ++mine.ratios;
      // Runs on one side alone say nothing about the other's noise: such a test enters as a
      // fixed ratio, as a test without runs does.
      const auto value = measured(e);
      const auto baseline = measured(*base);
      if (!value || !baseline) continue;
      const std::size_t before = mine.terms.size();
      if (!add_term(mine.terms, *value) || !add_term(mine.terms, *baseline)) {
        mine.terms.resize(before);
        continue;
      }
      ++mine.measured;
    }
  }
  for (std::size_t k = 0; k < c.configurations.size(); ++k) {
    const auto& mine = all[k];
    if (mine.measured == 0) continue;
    const double geomean = std::exp(mine.log_sum / static_cast<double>(mine.ratios));
    const auto in = geomean_interval(geomean, mine.ratios, mine.terms, options.confidence);
    if (!in) continue;
    auto& conf = c.configurations[k];
    conf.geomean_ci_low = in->low;
    conf.geomean_ci_high = in->high;
    conf.geomean_ci_tests = mine.measured;
  }
}

}  // namespace iosr::detail
