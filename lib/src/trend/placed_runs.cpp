// SPDX-License-Identifier: MIT
// The trend's runs placed on (test, configuration, point) and sorted: one sort of the runs does
// all the grouping, so a million runs take a fraction of a second.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "iosr/counted.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

bool keys_fit(trend& out) {
  if (out.points.size() > point_mask || out.configurations.size() > configuration_mask ||
      out.tests.size() >= (std::uint64_t{1} << (64 - point_bits - configuration_bits))) {
    out.notes.push_back(
        {message_code::trend_too_large, "too many points, configurations or tests to follow"});
    return false;
  }
  return true;
}

std::vector<placed_run> place_runs(const trend_input& in, const trend_options& options,
                                   std::span<const std::int64_t> test_of,
                                   std::span<const std::uint32_t> point_of,
                                   std::span<const std::uint32_t> configuration_of, trend& out) {
  std::vector<placed_run> runs;
  runs.reserve(in.runs.size());
  std::size_t without_point = 0, not_positive = 0;
  for (const auto& r : in.runs) {
    if (r.test >= test_of.size() || r.system >= in.systems.size()) continue;
    const auto t = test_of[r.test];
    if (t < 0) continue;
    const std::uint32_t point = point_of[r.system];
    if (point == no_point) {
      ++without_point;
      continue;
    }
    if (!(r.value > 0) || !std::isfinite(r.value)) {
      ++not_positive;  // a ratio of zero or negative values says nothing
      continue;
    }
    // The value's runs' noise in log terms: a standard error of 2 % of the value is a log
    // standard error of 0.02, so one run's log varies by N times its square.
    const double relative = r.standard_error / r.value;
    const bool noise = r.sample_count >= 2 && r.standard_error > 0 && std::isfinite(relative);
    runs.push_back(
        {(static_cast<std::uint64_t>(t) << (point_bits + configuration_bits)) |
             (std::uint64_t{configuration_of[r.system]} << point_bits) | point,
         std::log(r.value),
         noise ? static_cast<float>(double(r.sample_count) * relative * relative) : 0.0f,
         noise ? static_cast<std::uint32_t>(std::min<std::size_t>(r.sample_count, 1u << 30)) : 0u});
  }
  if (without_point) {
    out.notes.push_back(
        {message_code::runs_without_point,
         counted(without_point, "run") + " without a " +
             std::string(options.by == trend_by::date ? "run date" : "kernel version") +
             " left out" +
             (options.by == trend_by::kernel ? " (--by date follows them by date)" : "")});
  }
  if (not_positive) {
    out.notes.push_back(
        {message_code::runs_not_positive,
         counted(not_positive, "run") + " with a value of zero or below left out (no ratio)"});
  }
  std::sort(runs.begin(), runs.end(),
            [](const placed_run& a, const placed_run& b) { return a.key < b.key; });
  return runs;
}

}  // namespace iosr::detail
