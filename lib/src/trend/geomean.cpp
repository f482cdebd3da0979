// SPDX-License-Identifier: MIT
// The trend's geometric-mean series: per configuration, over the tests with a ratio at every
// point of its series, so that a test measured on some points only cannot move it.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "trend/trend_steps.hpp"

namespace iosr::detail {

void measure_geomeans(const trend_options& options, const log_ratios& logs,
                      const trend_baselines& baselines, trend& out) {
  const bool by_label = options.by == trend_by::label;
  const auto& confs = out.configurations;
  std::vector<point_sums> sums;
  for (std::uint32_t c = 0; c < confs.size(); ++c) {
    const auto& at = logs[c];
    if (at.empty()) continue;
    std::vector<std::size_t> common;
    bool first = true;
    for (const auto& [p, tests] : at) {
      std::vector<std::size_t> here;
      for (const auto& [t, r] : tests) here.push_back(t);
      if (first) {
        common = std::move(here);
        first = false;
      } else {
        std::vector<std::size_t> both;
        std::set_intersection(common.begin(), common.end(), here.begin(), here.end(),
                              std::back_inserter(both));
        common = std::move(both);
      }
    }
    trend_series series;
    series.configuration = c;
    series.tests = common.size();
    if (common.empty()) {
      out.notes.push_back({message_code::geomean_without_common_tests,
                           "geometric mean of " + confs[c].name + " (" +
                               out.machines[confs[c].machine].name +
                               "): no test has a ratio at every one of its points"});
      continue;
    }
    sums.clear();
    for (const auto& [p, tests] : at) {
      double log_sum = 0;
      std::size_t k = 0;
      for (const auto& [t, r] : tests) {
        while (k < common.size() && common[k] < t) ++k;
        if (k < common.size() && common[k] == t) log_sum += r;
      }
      const double mean = log_sum / static_cast<double>(common.size());
      trend_value v;
      v.point = p;
      v.ratio = std::exp(mean);
      v.runs = common.size();
      v.baseline = by_label ? c : baselines.of(out, c, p).value_or(c);
      series.values.push_back(v);
      sums.push_back({1, mean, mean * mean});
    }
    mark_changes(series, sums, options);
    out.geomean.push_back(std::move(series));
  }
}

}  // namespace iosr::detail
