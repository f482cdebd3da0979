// SPDX-License-Identifier: MIT
// The trend's geometric-mean series: per configuration, chained from point to point over the
// tests present at both, so that a test measured on some points only moves it only where it was
// measured twice running, and no point is left without a value for want of a test everywhere.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "iosr/counted.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

// The mean of the log ratios of the tests at one point over those of `among` (both in test
// order), and how many were found.
std::pair<double, std::size_t> mean_over(const point_tests& at,
                                         const std::vector<std::size_t>& among) {
  double sum = 0;
  std::size_t k = 0, n = 0;
  for (std::size_t i = 0; i < at.tests.size(); ++i) {
    while (k < among.size() && among[k] < at.tests[i]) ++k;
    if (k < among.size() && among[k] == at.tests[i]) {
      sum += at.ratios[i].log_ratio;
      ++n;
    }
  }
  return {n == 0 ? 0 : sum / static_cast<double>(n), n};
}

std::vector<std::size_t> tests_of(const point_tests& at) {
  return std::vector<std::size_t>(at.tests.begin(), at.tests.end());
}

}  // namespace

void measure_geomeans(const trend_options& options, const log_ratios& logs,
                      const trend_baselines& baselines, trend& out) {
  const bool by_label = options.by == trend_by::label;
  const auto& confs = out.configurations;
  std::vector<point_observation> points;
  std::vector<bool> seen(out.tests.size());  // the tests in `used` below
  for (std::uint32_t c = 0; c < confs.size(); ++c) {
    stop_if_asked(options);
    const auto& at = logs[c].at;
    if (at.empty()) continue;
    // Chained: the first point's value is the geometric mean over its tests; each later
    // point's moves from the one before by the mean change of the tests present at both. A
    // test measured at some points only moves the series only where it has a neighbour, and
    // every test is used; with the same tests at every point it is their plain geometric mean
    // at each point (the correction below is then exactly 0).
    trend_series series;
    series.configuration = c;
    std::vector<std::size_t> used;  // every test that made a value
    points.clear();
    // The noise of the mean of the tests' log ratios at a point: the sum of theirs over the
    // square of their number, known when every test's series knows its runs' noise. (Exact
    // with the same tests at every point; with tests coming and going, the chain's links are
    // taken as that point's tests alone.)
    const point_tests* before = nullptr;
    double level = 0;
    // The mean over every test of `before`, when known (mean_over's sum, in the same order).
    double before_mean = 0;
    bool before_mean_known = false;
    for (const auto& tests : at) {
      const auto p = tests.point;
      double here = 0;
      std::size_t linked = 0;
      if (before == nullptr || tests.tests == before->tests) {
        // Every test of the point (or the same tests as the point before, most often): the
        // intersection is all of them, and mean_over()'s sums are plain sums in test order.
        double sum = 0;
        for (const auto& r : tests.ratios) sum += r.log_ratio;
        const std::size_t n = tests.tests.size();
        const double mean_now = n == 0 ? 0 : sum / static_cast<double>(n);
        if (before == nullptr) {
          here = mean_now;
        } else {
          const double mean_then =
              before_mean_known ? before_mean : mean_over(*before, tests_of(*before)).first;
          here = mean_now + (level - mean_then);
        }
        linked = n;
        before_mean = mean_now;
        before_mean_known = true;
      } else {
        before_mean_known = false;
        std::vector<std::size_t> both;
        const auto now = tests_of(tests), then = tests_of(*before);
        std::set_intersection(now.begin(), now.end(), then.begin(), then.end(),
                              std::back_inserter(both));
        if (both.empty()) continue;  // no test links it to the point before: no value here
        const auto [mean_now, n] = mean_over(tests, both);
        const auto mean_then = mean_over(*before, both).first;
        here = mean_now + (level - mean_then);
        linked = n;
      }
      double variance = 0;
      for (std::size_t i = 0; i < tests.tests.size(); ++i) {
        if (!seen[tests.tests[i]]) {
          seen[tests.tests[i]] = true;
          used.push_back(tests.tests[i]);
        }
        variance += tests.ratios[i].variance;
      }
      level = here;
      before = &tests;
      trend_value v;
      v.point = p;
      v.ratio = std::exp(here);
      v.runs = static_cast<std::uint32_t>(linked);
      v.baseline = by_label ? c : baselines.of(c, p).value_or(c);
      series.values.push_back(v);
      const double k = static_cast<double>(tests.tests.size());
      points.push_back({here, variance / (k * k)});
    }
    std::sort(used.begin(), used.end());
    for (const auto t : used) seen[t] = false;
    series.tests = used.size();
    if (series.values.size() < at.size()) {
      out.notes.push_back({message_code::geomean_without_common_tests,
                           "geometric mean of " + confs[c].name + " (" +
                               out.machines[confs[c].machine].name + "): " +
                               counted(at.size() - series.values.size(), "point") +
                               (at.size() - series.values.size() == 1 ? " shares" : " share") +
                               " no test with the point before; no value there"});
    }
    // Known when every test used knows its runs' noise; then their degrees of freedom, summed
    // in test order. (Each test's is the same at every point: looked up once per test, where a
    // map of them was written at every point, a million times in a store's trend.)
    change_noise noise;
    bool known = true;
    double within_df = 0;
    for (const auto t : used) {
      const double df = logs[c].within_df_of(static_cast<std::uint32_t>(t));
      known = known && df > 0;
      within_df += df;
    }
    if (known) {
      noise.within_df = within_df;
    } else {
      // The runs' noise is not known for every test: each point is one observation, its
      // scatter all there is to know.
      for (auto& o : points) o.variance = 1;
    }
    mark_changes(series, points, noise, options);
    out.geomean.push_back(std::move(series));
  }
}

}  // namespace iosr::detail
