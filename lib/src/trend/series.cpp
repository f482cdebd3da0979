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

// The values of one (test, configuration, point), combined: their logs, and what their own
// runs say of their noise.
struct cell {
  std::uint32_t configuration, point;
  double values = 0, sum = 0, sum_squares = 0;  // of the values' logs
  double samples_ss = 0, samples_df = 0;  // sum over values of (N - 1) x one run's variance, N - 1
  double inverse_runs = 0;  // sum over values of 1 / N (N = 1 for a value without its runs)
  double mean() const { return sum / values; }
  // exp(mean()), the geometric mean of the values, computed once: a baseline's cell is measured
  // against by each of its group's other configurations.
  double geometric_mean() const {
    if (!has_geometric_mean) {
      geometric_mean_ = std::exp(mean());
      has_geometric_mean = true;
    }
    return geometric_mean_;
  }
  mutable double geometric_mean_ = 0;
  mutable bool has_geometric_mean = false;
  void add(const placed_run& r) {
    values += 1;
    sum += r.log_value;
    sum_squares += r.log_value * r.log_value;
    if (r.samples >= 2) {
      samples_ss += double(r.samples - 1) * double(r.sample_variance);
      samples_df += double(r.samples - 1);
      inverse_runs += 1.0 / double(r.samples);
    } else {
      inverse_runs += 1;
    }
  }
};

// What one side of a series (the configuration, or its baselines) says of its noise, pooled
// over the points of the series: the spread of the runs within values, else the spread of the
// values within points (several files at one kernel).
struct side_noise {
  double samples_ss = 0, samples_df = 0, spread_ss = 0, spread_df = 0;
  void add(const cell& c) {
    samples_ss += c.samples_ss;
    samples_df += c.samples_df;
    spread_ss += std::max(0.0, c.sum_squares - c.sum * c.sum / c.values);
    spread_df += c.values - 1;
  }
  bool known() const { return samples_df > 0 || spread_df > 0; }
  double df() const { return samples_df > 0 ? samples_df : spread_df; }
  // The variance of a cell's mean log.
  double variance(const cell& c) const {
    if (samples_df > 0) return samples_ss / samples_df * c.inverse_runs / (c.values * c.values);
    return spread_ss / spread_df / c.values;
  }
};

// The tests of `at`'s point `p`, added in point order when new; `hint` is where the point
// before was, for points that come in increasing order (each series' do).
point_tests& tests_at(point_log_ratios& at, std::uint32_t p, std::size_t& hint) {
  if (hint > at.size() || (hint > 0 && at[hint - 1].point >= p)) hint = 0;
  while (hint < at.size() && at[hint].point < p) ++hint;
  if (hint == at.size() || at[hint].point != p) {
    point_tests added;
    added.point = p;
    at.insert(at.begin() + static_cast<std::ptrdiff_t>(hint), std::move(added));
  }
  return at[hint++];
}

}  // namespace

double configuration_log_ratios::within_df_of(std::uint32_t test) const {
  const auto it = std::lower_bound(within_df.begin(), within_df.end(), test,
                                   [](const auto& d, std::uint32_t t) { return d.first < t; });
  return it != within_df.end() && it->first == test ? it->second : 0;
}

void mark_changes(trend_series& series, std::span<const point_observation> points,
                  change_noise noise, const trend_options& options) {
  std::vector<std::size_t> with_ratio;
  for (std::size_t k = 0; k < series.values.size(); ++k) {
    if (series.values[k].ratio) with_ratio.push_back(k);
  }
  for (const auto& f : find_change_points(points, noise, options.alpha, options.min_step)) {
    auto& v = series.values[with_ratio[f.index]];
    v.change_point = true;
    trend_change change{v.point, std::exp(f.before), std::exp(f.after), f.p_value, {}, 1};
    if (f.excursion) {
      change.back = series.values[with_ratio[f.index + 1]].point;
      change.back_to = std::exp(f.back_to);
    }
    series.changes.push_back(change);
  }
}

log_ratios measure_series(const trend_options& options, std::span<const placed_run> runs,
                          const trend_baselines& baselines, trend& out) {
  const bool by_label = options.by == trend_by::label;
  std::vector<cell> cells;
  std::vector<point_observation> points;
  // Per value with a ratio of the series being measured: its cell and its baseline's.
  std::vector<std::pair<const cell*, const cell*>> measured;
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
        cells.push_back({c, p});
      }
      cells.back().add(runs[end]);
      ++end;
    }
    begin = end;
    stop_if_asked(options);  // a test's work at a time: a time limit is kept within one
    auto& test = out.tests[t];
    // lower is better: the ratio is baseline / value, so the log ratio changes sign.
    const double sign = test.info.direction == direction::lower ? -1.0 : 1.0;
    // A baseline's cell: most often the one after the last found, since a series' points are
    // in order and so are its baseline's cells (each (configuration, point) is one cell).
    std::size_t last_found = cells.size();
    auto find_cell = [&](std::uint32_t c, std::uint32_t p) -> const cell* {
      const std::size_t next = last_found + 1;
      if (next < cells.size() && cells[next].configuration == c && cells[next].point == p) {
        last_found = next;
        return &cells[next];
      }
      auto it =
          std::lower_bound(cells.begin(), cells.end(), std::make_pair(c, p),
                           [](const cell& x, const std::pair<std::uint32_t, std::uint32_t>& k) {
                             return std::make_pair(x.configuration, x.point) < k;
                           });
      if (it == cells.end() || it->configuration != c || it->point != p) return nullptr;
      last_found = static_cast<std::size_t>(it - cells.begin());
      return &*it;
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
      measured.clear();
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
        } else if (auto b = baselines.of(c, here.point)) {
          if (*b == c) {
            is_baseline = true;  // the baseline itself: 1 by definition
            continue;
          }
          base = find_cell(*b, here.point);
          base_conf = *b;
        }
        trend_value v;
        v.point = here.point;
        v.runs = static_cast<std::uint32_t>(here.values);
        v.baseline = base_conf;
        if (base) {
          v.baseline_runs = static_cast<std::uint32_t>(base->values);
          // The geometric means of the values, as compare would measure one against the other.
          v.ratio =
              performance_ratio(here.geometric_mean(), base->geometric_mean(), test.info.direction);
          measured.emplace_back(&here, base);
        }
        series.values.push_back(std::move(v));
      }
      if (measured.empty()) {
        if (!is_baseline) ++without_baseline;  // no baseline at any of its points
        continue;
      }
      // The noise of each side, pooled over the series' points. With --by label every point is
      // against the one baseline point: its noise moves them all alike, and no step.
      side_noise own, theirs;
      for (const auto& [here, base] : measured) {
        own.add(*here);
        if (!by_label) theirs.add(*base);
      }
      const bool known = own.known() && (by_label || theirs.known());
      change_noise noise;
      if (known) noise.within_df = own.df() + (by_label ? 0 : theirs.df());
      by_conf[c].within_df.emplace_back(static_cast<std::uint32_t>(t), noise.within_df);
      points.clear();
      std::size_t hint = 0;  // where the point before was in by_conf[c]
      for (const auto& [here, base] : measured) {
        point_observation o;
        o.mean = sign * (here->mean() - base->mean());
        if (known) {
          o.variance = own.variance(*here) + (by_label ? 0 : theirs.variance(*base));
        } else {
          o.variance = 1 / here->values + (by_label ? 0 : 1 / base->values);
        }
        points.push_back(o);
        auto& there = tests_at(by_conf[c].at, here->point, hint);
        there.tests.push_back(static_cast<std::uint32_t>(t));
        there.ratios.push_back({o.mean, o.variance});
      }
      if (options.geomeans_only) continue;  // measured for the means above, not shown
      mark_changes(series, points, noise, options);
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
