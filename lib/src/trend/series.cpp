// SPDX-License-Identifier: MIT
// The trend's series, test by test: each configuration's runs at a point combined by geometric
// mean, measured against its baseline's at the same point, then searched for steps.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "compare/ratio.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

// The runs of one (test, configuration, point), combined.
struct cell {
  std::uint32_t configuration, point;
  point_sums sums;  // of the log values
  double mean() const { return sums.sum / sums.n; }
};

}  // namespace

void mark_changes(trend_series& series, std::span<const point_sums> sums,
                  const trend_options& options) {
  std::vector<std::size_t> with_ratio;
  for (std::size_t k = 0; k < series.values.size(); ++k) {
    if (series.values[k].ratio) with_ratio.push_back(k);
  }
  for (const auto& f : find_change_points(sums, options.alpha, options.min_step)) {
    auto& v = series.values[with_ratio[f.index]];
    v.change_point = true;
    series.changes.push_back({v.point, std::exp(f.before), std::exp(f.after), f.p_value});
  }
}

log_ratios measure_series(const trend_options& options, std::span<const placed_run> runs,
                          const trend_baselines& baselines, trend& out) {
  const bool by_label = options.by == trend_by::label;
  std::vector<cell> cells;
  std::vector<point_sums> sums;
  std::size_t without_baseline = 0;
  log_ratios by_conf(out.configurations.size());
  std::size_t begin = 0;
  while (begin < runs.size()) {
    const std::size_t t = test_of_key(runs[begin].key);
    std::size_t end = begin;
    cells.clear();
    while (end < runs.size() && test_of_key(runs[end].key) == t) {
      const auto c = configuration_of_key(runs[end].key);
      const auto p = point_of_key(runs[end].key);
      if (cells.empty() || cells.back().configuration != c || cells.back().point != p) {
        cells.push_back({c, p, {}});
      }
      auto& s = cells.back().sums;
      const double x = runs[end].log_value;
      s.n += 1;
      s.sum += x;
      s.sum_squares += x * x;
      ++end;
    }
    begin = end;
    stop_if_asked(options);  // a test's work at a time: a time limit is kept within one
    auto& test = out.tests[t];
    // lower is better: the ratio is baseline / value, so the log ratio changes sign.
    const double sign = test.info.direction == direction::lower ? -1.0 : 1.0;
    auto find_cell = [&](std::uint32_t c, std::uint32_t p) -> const cell* {
      auto it =
          std::lower_bound(cells.begin(), cells.end(), std::make_pair(c, p),
                           [](const cell& x, const std::pair<std::uint32_t, std::uint32_t>& k) {
                             return std::make_pair(x.configuration, x.point) < k;
                           });
      return it != cells.end() && it->configuration == c && it->point == p ? &*it : nullptr;
    };
    for (std::size_t i = 0; i < cells.size();) {
      const auto c = cells[i].configuration;
      trend_series series;
      series.configuration = c;
      // A value per cell of the configuration, in one allocation: growing by doubling left
      // 40 points in room for 64, a third of a million entries' trend unused.
      series.values.reserve(static_cast<std::size_t>(
          std::find_if(cells.begin() + static_cast<std::ptrdiff_t>(i), cells.end(),
                       [&](const cell& x) { return x.configuration != c; }) -
          (cells.begin() + static_cast<std::ptrdiff_t>(i))));
      sums.clear();
      bool is_baseline = false;
      for (; i < cells.size() && cells[i].configuration == c; ++i) {
        const auto& here = cells[i];
        const cell* base = nullptr;
        std::uint32_t base_conf = 0;
        if (by_label) {
          if (out.baseline_point) {
            base = find_cell(c, static_cast<std::uint32_t>(*out.baseline_point));
          }
          base_conf = c;
        } else if (auto b = baselines.of(out, c, here.point)) {
          if (*b == c) {
            is_baseline = true;  // the baseline itself: 1 by definition
            continue;
          }
          base = find_cell(*b, here.point);
          base_conf = *b;
        }
        trend_value v;
        v.point = here.point;
        v.runs = static_cast<std::uint32_t>(here.sums.n);
        v.baseline = base_conf;
        if (base) {
          v.baseline_runs = static_cast<std::uint32_t>(base->sums.n);
          const double m = base->mean();
          const double log_ratio = sign * (here.mean() - m);
          // The geometric means of the runs, as compare would measure one against the other.
          v.ratio = performance_ratio(std::exp(here.mean()), std::exp(m), test.info.direction);
          // The runs as log ratios against the baseline's mean at this point.
          point_sums obs;
          obs.n = here.sums.n;
          obs.sum = sign * (here.sums.sum - here.sums.n * m);
          obs.sum_squares = here.sums.sum_squares - 2 * m * here.sums.sum + here.sums.n * m * m;
          sums.push_back(obs);
          by_conf[c][here.point].emplace_back(t, log_ratio);
        }
        series.values.push_back(std::move(v));
      }
      if (sums.empty()) {
        if (!is_baseline) ++without_baseline;  // no baseline at any of its points
        continue;
      }
      if (options.geomeans_only) continue;  // measured for the means above, not shown
      mark_changes(series, sums, options);
      test.series.push_back(std::move(series));
    }
  }
  // A series is one test of one configuration: say so, and which baseline was missing.
  if (without_baseline) {
    const auto n = std::to_string(without_baseline);
    out.notes.push_back(
        {message_code::series_without_baseline,
         !by_label ? n + " series left out (a test of a configuration): no baseline ran that test "
                         "at any of their points"
         : out.baseline_point
             ? n + " series left out (a test of a machine and label group): the baseline label '" +
                   out.points[*out.baseline_point].name + "' did not run that test there"
             : n + " series left out: there is no baseline label"});
  }
  return by_conf;
}

}  // namespace iosr::detail
