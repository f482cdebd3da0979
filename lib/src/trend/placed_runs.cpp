// SPDX-License-Identifier: MIT
// The trend's runs placed on (test, configuration, point) and sorted: one sort of the runs does
// all the grouping, so a million runs take a fraction of a second.
#include <algorithm>
#include <bit>
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
  return runs;
}

void sort_runs(std::vector<placed_run>& runs, const trend& out) {
  const auto by_key = [](const placed_run& a, const placed_run& b) { return a.key < b.key; };
  // The key's three fields, each only as wide as its largest value needs: the digits of a
  // least-significant-digit radix sort, at most 11 bits each. A store's million runs have some
  // 21 bits in three fields: three passes over them, where std::sort compared each run some 20
  // times (the largest part of placing the runs).
  struct digit {
    int shift, bits;
  };
  std::vector<digit> digits;
  auto add_field = [&](int shift, std::size_t values) {
    const int width = values > 1 ? static_cast<int>(std::bit_width(values - 1)) : 0;
    for (int at = 0; at < width; at += 11) digits.push_back({shift + at, std::min(11, width - at)});
  };
  add_field(0, out.points.size());
  add_field(point_bits, out.configurations.size());
  add_field(point_bits + configuration_bits, out.tests.size());
  // Few runs, a key of many digits, or more runs than a 32-bit place can tell apart: std::sort.
  if (runs.size() < 256 || digits.size() > 6 || runs.size() > UINT32_MAX) {
    std::sort(runs.begin(), runs.end(), by_key);
    return;
  }
  // Each run's place in `runs` rides along, so that the input order can be had back.
  std::vector<placed_run> other(runs.size());
  std::vector<std::uint32_t> from(runs.size()), other_from(runs.size());
  for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<std::uint32_t>(i);
  std::vector<std::size_t> start;
  for (const auto& d : digits) {
    start.assign((std::size_t{1} << d.bits) + 1, 0);
    const std::uint64_t mask = (std::uint64_t{1} << d.bits) - 1;
    for (const auto& r : runs) ++start[((r.key >> d.shift) & mask) + 1];
    for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const auto at = start[(runs[i].key >> d.shift) & mask]++;
      other[at] = runs[i];
      other_from[at] = from[i];
    }
    runs.swap(other);
    from.swap(other_from);
  }
  // A stable sort keeps equal keys in input order; std::sort, as before, did not. Two runs of
  // one (test, configuration, point) add up alike in either order, three or more may not in
  // their last bits: then the input order is restored and std::sort orders them as it did.
  for (std::size_t i = 2; i < runs.size(); ++i) {
    if (runs[i].key == runs[i - 2].key) {
      for (std::size_t k = 0; k < runs.size(); ++k) other[from[k]] = runs[k];
      runs.swap(other);
      std::sort(runs.begin(), runs.end(), by_key);
      return;
    }
  }
}

}  // namespace iosr::detail
