// SPDX-License-Identifier: MIT
// compare(): the engine's steps in order, and the regression gate.
#include "iosr/compare.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

#include "compare/engine.hpp"

namespace iosr {

comparison compare(std::span<const result_file> files, const compare_options& options) {
  auto c = detail::align(files, options);
  detail::choose_baselines(c, options);
  detail::measure(c);
  detail::assess_noise(c, options);
  detail::geomean_intervals(c, options);
  detail::order_entries(c);
  detail::summarize(c, options.sort);
  return c;
}

double worse_pct(double ratio) { return ratio < 1.0 ? (1.0 / ratio - 1.0) * 100.0 : 0.0; }

std::vector<regression> find_regressions(const comparison& c, double max_worse_pct,
                                         bool skip_noise) {
  std::vector<regression> found;
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& entries = c.tests[t].entries;
    for (std::size_t e = 0; e < entries.size(); ++e) {
      // On the ratio, not the delta: a throughput's delta never passes -100 %, so a gate on it
      // would mean less for higher-is-better tests than for lower-is-better ones.
      const auto& entry = entries[e];
      // A run that failed, or a throughput down to 0 or below, against a baseline with a value:
      // the worst regression there is, not a gap the gate passes over. (A time of 0 is no loss.)
      const bool compared = !entry.baseline_value_text.empty();
      const bool lost = compared && (entry.missing == missing_figure::failed ||
                                     (entry.missing == missing_figure::value_not_positive &&
                                      c.tests[t].direction == direction::higher));
      if (lost) {
        found.push_back({t, e, std::numeric_limits<double>::infinity(), false});
        continue;
      }
      if (!entry.ratio || *entry.ratio >= 1.0) continue;
      const double worse = worse_pct(*entry.ratio);
      if (!(worse > max_worse_pct)) continue;
      const bool uncertain =
          entry.noise == noise::not_significant || entry.noise == noise::few_runs;
      found.push_back({t, e, worse, skip_noise && uncertain});
    }
  }
  return found;
}

}  // namespace iosr
