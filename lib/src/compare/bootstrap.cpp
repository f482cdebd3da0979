// SPDX-License-Identifier: MIT
// Each configuration's bootstrap interval of its geometric mean ratio: the runs of every entry
// resampled with replacement, the ratios and their geometric mean recomputed, the percentile
// interval of those means.
#include "compare/bootstrap.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

#include "compare/engine.hpp"
#include "compare/stats.hpp"

namespace iosr::detail {

namespace {

// One side of a ratio: its runs when they are resampled, else nothing (a fixed value).
struct side {
  const std::vector<double>* runs = nullptr;
  double sum = 0;  // of the runs as measured
};

// One test of one configuration whose runs are resampled.
struct resampled_test {
  double log_ratio = 0;  // of the ratio as reported
  double sign = 1;       // +1: the ratio is value / baseline (higher is better), -1: inverted
  side value;
  side baseline;
};

// Runs that can be resampled into a positive, finite mean: at least two, all above zero, and
// no resample's sum beyond the doubles (n times the largest run).
side side_of(const compared_entry& e) {
  if (e.runs.size() < 2 ||
      !std::all_of(e.runs.begin(), e.runs.end(), [](double r) { return r > 0; }) ||
      !std::isfinite(*std::max_element(e.runs.begin(), e.runs.end()) *
                     static_cast<double>(e.runs.size()))) {
    return {};
  }
  return {&e.runs, std::accumulate(e.runs.begin(), e.runs.end(), 0.0)};
}

// log(resampled mean / measured mean) of one side, 0 for a fixed one. Scaling the reported
// value by that factor keeps the bootstrap centred on the values as reported, which can differ
// from the mean of the runs by PTS's rounding.
double log_scale(splitmix64& generator, const side& s) {
  if (!s.runs) return 0;
  const auto& runs = *s.runs;
  double sum = 0;
  for (std::size_t k = 0; k < runs.size(); ++k) sum += runs[uniform_index(generator, runs.size())];
  return std::log(sum / s.sum);
}

struct configuration_tests {
  std::vector<resampled_test> resampled;
  double fixed_log_sum = 0;  // the log ratios of the tests without runs to resample
  std::size_t count = 0;     // every test with a ratio, as the geometric mean counts them
};

}  // namespace

void bootstrap_geomeans(comparison& c, const compare_options& options) {
  c.statistics.bootstrap = 0;
  if (options.bootstrap == 0) return;
  std::vector<configuration_tests> tests(c.configurations.size());
  double draws = 0;
  for (const auto& test : c.tests) {
    const auto bases = baseline_entries(c, test);
    for (const auto& e : test.entries) {
      if (!e.ratio) continue;
      // The baseline has no interval: its ratio is 1 by definition.
      const compared_entry* base = baseline_of(c, bases, e);
      if (!base) continue;
      auto& t = tests[e.configuration];
      ++t.count;
      const double log_ratio = std::log(*e.ratio);
      const side value = side_of(e);
      const side baseline = side_of(*base);
      if (!value.runs && !baseline.runs) {
        t.fixed_log_sum += log_ratio;
        continue;
      }
      t.resampled.push_back(
          {log_ratio, test.direction == direction::higher ? 1.0 : -1.0, value, baseline});
      draws += static_cast<double>((value.runs ? value.runs->size() : 0) +
                                   (baseline.runs ? baseline.runs->size() : 0));
    }
  }
  draws *= static_cast<double>(options.bootstrap);
  if (draws == 0) return;
  if (draws > bootstrap_draw_limit) {
    c.notes.push_back({message_code::bootstrap_too_large,
                       fmt::format("no bootstrap intervals: {} resamples of these runs would "
                                   "draw {:.0f} indices, more than the limit of {:.0f}; ask "
                                   "for fewer with --bootstrap",
                                   options.bootstrap, draws, bootstrap_draw_limit)});
    return;
  }
  c.statistics.bootstrap = options.bootstrap;
  const double tail = (1.0 - options.confidence) / 2.0;
  std::vector<double> geomeans(options.bootstrap);
  for (std::size_t k = 0; k < c.configurations.size(); ++k) {
    const auto& t = tests[k];
    if (t.resampled.empty()) continue;
    auto& conf = c.configurations[k];
    splitmix64 generator(bootstrap_seed(conf.label));
    bool finite = true;
    for (auto& g : geomeans) {
      double sum = t.fixed_log_sum;
      for (const auto& r : t.resampled) {
        // Two statements: the order of the draws must not be left to the compiler.
        const double value = log_scale(generator, r.value);
        const double baseline = log_scale(generator, r.baseline);
        sum += r.log_ratio + r.sign * (value - baseline);
      }
      g = std::exp(sum / static_cast<double>(t.count));
      finite = finite && std::isfinite(g);
    }
    // A ratio beyond the doubles (a hostile input's) makes no interval, and NaN cannot be sorted.
    if (!finite) continue;
    std::sort(geomeans.begin(), geomeans.end());
    conf.geomean_ci_low = quantile_of_sorted(geomeans, tail);
    conf.geomean_ci_high = quantile_of_sorted(geomeans, 1.0 - tail);
    conf.geomean_ci_tests = t.resampled.size();
  }
}

}  // namespace iosr::detail
