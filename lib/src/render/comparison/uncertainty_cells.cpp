// SPDX-License-Identifier: MIT
// Intervals, the noise mark and the statistics legend of every comparison format (see
// uncertainty_cells.hpp).
#include "render/comparison/uncertainty_cells.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "iosr/counted.hpp"
#include "render/figures.hpp"

namespace iosr::detail {

std::string delta_interval_text(const compared_entry& e) {
  if (!e.delta_ci_low || !e.delta_ci_high) return {};
  // Appended, not "[" + text: GCC 12's -Wrestrict misreads that inlined (PR 105329).
  std::string out = "[";
  out += figure_text(*e.delta_ci_low, 1, figure_style::bound);
  out += ", ";
  out += figure_text(*e.delta_ci_high, 1, figure_style::bound);
  out += ']';
  return out;
}

std::string geomean_interval_text(const configuration& conf) {
  if (!conf.geomean_ci_low || !conf.geomean_ci_high) return {};
  std::string out = "[";  // appended, as above (PR 105329)
  out += figure_text(*conf.geomean_ci_low, 3);
  out += ", ";
  out += figure_text(*conf.geomean_ci_high, 3);
  out += ']';
  return out;
}

std::string level_text(const comparison& c) {
  return fmt::format("{:g}%", c.statistics.confidence * 100.0);
}

std::string delta_level_text(const comparison& c) {
  return fmt::format("{:.4g}%", c.statistics.delta_confidence * 100.0);
}

std::string_view noise_mark(const compared_entry& e) {
  switch (e.noise) {
    case noise::not_significant:
    case noise::few_runs:
      return to_string(e.noise);
    case noise::significant:
    case noise::unknown:
      break;
  }
  return {};
}

bool any_delta_interval(const compared_test& test) {
  return std::any_of(test.entries.begin(), test.entries.end(),
                     [](const auto& e) { return e.delta_ci_low.has_value(); });
}

bool any_delta_interval(const comparison& c) {
  return std::any_of(c.tests.begin(), c.tests.end(),
                     [](const auto& t) { return any_delta_interval(t); });
}

bool any_geomean_interval(const comparison& c) {
  return std::any_of(c.configurations.begin(), c.configurations.end(),
                     [](const auto& conf) { return conf.geomean_ci_low.has_value(); });
}

std::vector<std::string> statistics_legend(const comparison& c) {
  const auto& s = c.statistics;
  std::vector<std::string> lines;
  if (s.p_values == 0) {
    // Say the real reason: runs without a delta to test (no baseline) are not "no runs".
    bool spread = false, deltas = false;
    for (const auto& t : c.tests) {
      for (const auto& e : t.entries) {
        spread = spread || e.runs.size() > 1 || (e.standard_error && e.sample_count);
        deltas = deltas || e.delta_pct.has_value();
      }
    }
    lines.push_back(
        spread && !deltas
            ? "No configuration has a baseline here, so no delta has a p-value or an interval "
              "and none is called significant or noise (--baseline NAME picks one)."
        : spread
            ? "No delta has runs or a standard error on both sides, so none has a p-value or an "
              "interval and none is called significant or noise."
            : "No input gives runs or standard errors, so no delta has a p-value or an interval "
              "and none is called significant or noise.");
    return lines;
  }
  // The legend explains the marks shown: with no `~` anywhere, it says why none is.
  const bool within = std::any_of(c.tests.begin(), c.tests.end(), [](const auto& t) {
    return std::any_of(t.entries.begin(), t.entries.end(),
                       [](const auto& e) { return e.noise == noise::not_significant; });
  });
  if (within) {
    lines.push_back(fmt::format(
        "~ marks a delta within the noise: Welch's t-test on the runs (or on the standard error "
        "and N an input gives), its p-value adjusted by Benjamini-Hochberg over the {} "
        "of this comparison, is at least {:g}; a delta without a mark stands out from it.",
        counted(s.p_values, "p-value"), s.alpha));
  } else {
    lines.push_back(fmt::format(
        "No delta is within the noise (which ~ would mark): every delta with 3 or more runs on "
        "both sides stands out from it, its Welch's t-test p-value adjusted by "
        "Benjamini-Hochberg over the {} of this comparison being below {:g}.",
        counted(s.p_values, "p-value"), s.alpha));
  }
  const bool few = std::any_of(c.tests.begin(), c.tests.end(), [](const auto& t) {
    return std::any_of(t.entries.begin(), t.entries.end(),
                       [](const auto& e) { return e.noise == noise::few_runs; });
  });
  if (few) {
    lines.push_back(
        "n<3 marks fewer than 3 runs on a side: such a delta has a p-value and an interval but "
        "is never called significant.");
  }
  if (any_delta_interval(c)) {
    lines.push_back(fmt::format(
        "[low, high] after a delta is its {} confidence interval, in percent of the baseline: "
        "Welch's interval of the difference of the means, at the level that bounds the false "
        "coverage rate among the {} delta{} called significant by {:g} (Benjamini-Yekutieli: "
        "1 - max(R, 1) x {:g} / {}), so it leaves out 0 exactly when the adjusted p-value is "
        "below {:g}: never beside a ~.",
        delta_level_text(c), s.selected, s.selected == 1 ? "" : "s", s.alpha, s.alpha, s.p_values,
        s.alpha));
  }
  if (any_geomean_interval(c)) {
    lines.push_back(fmt::format(
        "The interval of a geometric mean ratio is its {} t interval: each test's log ratio "
        "varies by the squared standard errors of both sides' means over the means (the delta "
        "method), with Welch-Satterthwaite degrees of freedom; tests without runs on both sides "
        "enter as fixed ratios, and the count beside each interval says how many tests had "
        "runs on both sides.",
        level_text(c)));
  }
  return lines;
}

}  // namespace iosr::detail
