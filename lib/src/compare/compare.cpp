// SPDX-License-Identifier: MIT
// compare(): the engine's steps in order, and the regression gate.
#include "iosr/compare.hpp"

#include <cmath>
#include <cstddef>
#include <string_view>
#include <vector>

#include "compare/engine.hpp"

namespace iosr {

comparison compare(std::span<const result_file> files, const compare_options& options) {
  auto c = detail::align(files, options);
  detail::choose_baselines(c, options);
  detail::measure(c);
  detail::assess_noise(c, options);
  detail::bootstrap_geomeans(c, options);
  detail::order_entries(c);
  detail::summarize(c, options.sort);
  return c;
}

std::vector<regression> find_regressions(const comparison& c, double max_worse_pct) {
  std::vector<regression> found;
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& entries = c.tests[t].entries;
    for (std::size_t e = 0; e < entries.size(); ++e) {
      // Worse comes from the ratio; how much worse is the delta the user sees.
      const auto& entry = entries[e];
      if (!entry.ratio || !entry.delta_pct || *entry.ratio >= 1.0) continue;
      const double worse = std::fabs(*entry.delta_pct);
      if (worse > max_worse_pct) found.push_back({t, e, worse});
    }
  }
  return found;
}

}  // namespace iosr
